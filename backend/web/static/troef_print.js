// The "Print" button of a printable page (a file of its own: no inline script under the CSP).
document.getElementById("print-now")?.addEventListener("click", () => window.print());
