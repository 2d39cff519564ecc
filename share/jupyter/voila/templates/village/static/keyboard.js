/* The keyboard on a table page: a skip link, and focus that never falls back to the page.
 *
 * - "Skip to the table", the page's first focusable element, takes the keyboard to the
 *   next thing to do at the table (below), past the game's setup controls.
 * - When the control that had the keyboard goes away under it (Confirm, Undo or Next step
 *   hidden or disabled while the table redraws, after the player's own move or a bot's),
 *   the keyboard goes back to it once it shows again, else to the next thing to do: a card
 *   to pick (the board, board.js, keeps focus on its own cards), Confirm, Next step, the
 *   hot seat's buttons, the move buttons below the table; while there is none, the table
 *   itself holds the keyboard until there is.
 * - When the last card a move needs is picked with the keyboard, Confirm takes it.
 * A click with the mouse elsewhere is left alone.
 * Everything here only moves focus: every move still goes through the widgets (Python).
 */
(function () {
  "use strict";

  const APP = "#rendered_cells";
  // The table itself (board.js gives it tabindex=-1): where the keyboard waits while there
  // is nothing to do (a bot thinking), until there is.
  const PARK = ".vg-board-html .vg-board-content";
  const CONFIRM = "button.vg-turn-confirm";
  const NEXT = [
    ".vg-board-html .vg-clickable[tabindex='0']",
    "button.vg-turn-confirm:not(:disabled)",
    "button.vg-next-step:not(:disabled)",
    "button.vg-ready-button:not(:disabled)",
    "button.vg-pass-button:not(:disabled)",
    "button.vg-go-on-button:not(:disabled)",
    "button.vg-pick:not(:disabled):not(.vg-selected)",
    PARK,
  ];

  function visible(el) {
    if (!el || !el.isConnected) return false;
    if (el.checkVisibility) return el.checkVisibility({ visibilityProperty: true });
    return el.getClientRects().length > 0;
  }

  function usable(el) {
    return visible(el) && !el.disabled && !el.closest("[inert]");
  }

  /** The next thing to do at the table, or null while there is none on screen. */
  function nextThing() {
    for (const selector of NEXT) {
      const found = [...document.querySelectorAll(selector)].find(usable);
      if (found) return found;
    }
    return null;
  }

  // ---------------------------------------------------------------- the skip link
  const skip = document.createElement("a");
  skip.className = "vg-skip-link";
  skip.href = "#rendered_cells";
  skip.textContent = "Skip to the table";
  skip.addEventListener("click", (event) => {
    event.preventDefault();
    const target = nextThing() ||
      [...document.querySelectorAll(".vg-board-html .vg-board-content, .vg-turn-bar")]
        .find(visible);
    if (!target) return;
    if (!target.hasAttribute("tabindex") && !target.matches("button, a, input, select")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus();
    target.scrollIntoView({ block: "nearest" });
  });
  document.body.prepend(skip);

  // ---------------------------------------------------------------- focus kept
  let last = null;  // the element in the app that last had the keyboard
  let pointerAt = 0;

  document.addEventListener("focusin", (event) => {
    const t = event.target;
    last = t instanceof Element && t.closest(APP) ? t : null;
  });
  document.addEventListener("pointerdown", () => {
    pointerAt = Date.now();
  }, true);

  function lostFocus() {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement ||
      !usable(active);
  }

  let confirmWas = false;  // whether Confirm was enabled at the last look

  function rescue() {
    const active = document.activeElement;
    const mouse = Date.now() - pointerAt < 800;  // the mouse moved it: not ours to move
    const confirm = [...document.querySelectorAll(CONFIRM)].find(usable) || null;
    const ready = confirm !== null && !confirmWas;
    confirmWas = confirm !== null;
    if (ready && !mouse && active && active.closest && active.closest(".vg-board-html")) {
      confirm.focus({ preventScroll: true });  // the move is complete: Confirm is next
      return;
    }
    const parked = active && active.matches && active.matches(PARK);
    if (!parked && (!last || !lostFocus())) return;
    if (mouse) {
      if (!parked) last = null;
      return;
    }
    const back = !parked && last && !last.matches(PARK) && usable(last);
    const target = back ? last : nextThing();
    if (target && target !== active) target.focus({ preventScroll: true });
  }

  // the table's live region (widgets/table/screen.py): a polite one, on the widget's
  // own element, which stays while its words change
  function live() {
    for (const el of document.querySelectorAll(".vg-live:not([aria-live])")) {
      el.setAttribute("aria-live", "polite");
      el.setAttribute("role", "status");
    }
  }

  setInterval(() => {
    live();
    rescue();
  }, 150);
  live();
  window.VG_KEYBOARD = { nextThing };
})();
