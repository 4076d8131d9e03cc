// The console's own words (each screen module adds its words with extend()).

import { extend } from "../../pwa/js/i18n.js";

extend({
  nl: {
    c_director: "Wedstrijdleider", c_login: "Inloggen", c_logout: "Uitloggen", c_name: "Naam",
    c_password: "Wachtwoord", c_login_failed: "Inloggen lukte niet", c_loading: "Laden…",
    c_not_found: "Deze pagina bestaat niet.", c_error: "Er ging iets mis", c_home: "Club",
    c_overview: "Overzicht", c_players: "Spelers", c_standings: "Stand", c_audit: "Controle",
    c_exports: "Exporteren", c_save: "Opslaan", c_cancel: "Annuleren",
    c_refused_input: "Controleer de invoer", c_refused_conflict: "Dit kan nu niet",
    c_refused_forbidden: "Dat mag niet", c_refused_missing: "Niet gevonden",
    c_refused_login: "Niet ingelogd", c_refused_busy: "Te veel pogingen; wacht even",
    c_refused_offline: "Geen verbinding met de server",
  },
  de: {
    c_director: "Turnierleitung", c_login: "Anmelden", c_logout: "Abmelden", c_name: "Name",
    c_password: "Passwort", c_login_failed: "Anmeldung fehlgeschlagen", c_loading: "Lädt…",
    c_not_found: "Diese Seite gibt es nicht.", c_error: "Etwas ist schiefgegangen", c_home: "Verein",
    c_overview: "Übersicht", c_players: "Spieler", c_standings: "Tabelle", c_audit: "Prüfung",
    c_exports: "Export", c_save: "Speichern", c_cancel: "Abbrechen",
    c_refused_input: "Bitte Eingabe prüfen", c_refused_conflict: "Das geht jetzt nicht",
    c_refused_forbidden: "Das ist nicht erlaubt", c_refused_missing: "Nicht gefunden",
    c_refused_login: "Nicht angemeldet", c_refused_busy: "Zu viele Versuche; bitte kurz warten",
    c_refused_offline: "Keine Verbindung zum Server",
  },
  en: {
    c_director: "Director", c_login: "Log in", c_logout: "Log out", c_name: "Name",
    c_password: "Password", c_login_failed: "Could not log in", c_loading: "Loading…",
    c_not_found: "There is no such page.", c_error: "Something went wrong", c_home: "Club",
    c_overview: "Overview", c_players: "Players", c_standings: "Standings", c_audit: "Audit",
    c_exports: "Exports", c_save: "Save", c_cancel: "Cancel",
    c_refused_input: "Check the input", c_refused_conflict: "Not possible now",
    c_refused_forbidden: "Not allowed", c_refused_missing: "Not found",
    c_refused_login: "Not logged in", c_refused_busy: "Too many attempts; wait a moment",
    c_refused_offline: "No connection to the server",
  },
});
