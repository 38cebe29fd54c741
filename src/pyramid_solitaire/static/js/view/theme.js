// The page's colours: light or dark as the player chose under More, or the system's ("system",
// the default: prefers-color-scheme, followed as it changes). style.css holds both palettes.

const DARK = "(prefers-color-scheme: dark)";
export const THEMES = ["system", "light", "dark"];

/** Colour the page for `choice` ("system", "light" or "dark"): data-theme on the root element. */
export function applyTheme(choice) {
  const dark = choice === "dark" || (choice !== "light" && window.matchMedia(DARK).matches);
  const theme = dark ? "dark" : "light";
  if (document.documentElement.dataset.theme === theme) return;
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", dark ? "#0b2317" : "#1f6b45");
}

/** `changed()` is called when the system's light or dark changes. */
export function followSystemTheme(changed) {
  window.matchMedia(DARK).addEventListener("change", changed);
}
