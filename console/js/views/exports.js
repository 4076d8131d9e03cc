// Placeholder: this screen module is being written; it adds its routes here.

export const routes = [];
