/* Names for the widget library's own controls, for screen readers (WCAG 4.1.2).
 *
 * ipywidgets draws a slider's handle as a bare element with role="slider" and a drop-down
 * without a visible description behind a hidden <label>: a screen reader then hears
 * "slider, 4" with no name. Every control of the apps has a description or a tooltip
 * (tests/widgets/test_control_names.py holds them to it); this gives each such element an
 * aria-label from the description the page shows next to it, else from its tooltip. It
 * watches the page, so controls drawn later (a new game, a lesson's next section) are
 * named too. It never changes a name the control already has.
 *
 * A toggle (ToggleButtons: Person / Remote / Bot) shows which is chosen only by its look;
 * each of its buttons gets aria-pressed, kept in step with the chosen one.
 */
(function () {
  "use strict";

  const CONTROLS = ".noUi-handle, select, input, textarea";

  // The control's own widget: the nearest ancestor with a description label of its own
  // (a slider inside a box is drawn without the "jupyter-widgets" class), else the
  // nearest widget.
  function widgetOf(control) {
    for (let el = control.parentElement; el; el = el.parentElement) {
      if (el.querySelector(":scope > .widget-label, :scope > label")) return el;
      if (el.classList.contains("jupyter-widgets")) return el;
    }
    return null;
  }

  function nameOf(control) {
    const widget = widgetOf(control);
    if (!widget) return "";
    const label = widget.querySelector(":scope > .widget-label, :scope > label");
    const text = label && label.textContent.trim();
    if (text && label.style.display !== "none" && !label.hidden) return text;
    // A tooltip lands on the widget, or (a description-less slider) on its hidden label.
    const tip = (el) => {
      const t = el && el.getAttribute("title");
      return t && t !== "null" ? t : "";
    };
    return (tip(widget) || tip(control) || tip(label) ||
            control.getAttribute("placeholder") || text || "").trim();
  }

  function named(control) {
    if (control.getAttribute("aria-label") || control.getAttribute("aria-labelledby")) {
      return true;
    }
    if (control.id && document.querySelector(`label[for="${CSS.escape(control.id)}"]`)
        ?.offsetParent) {
      return true;  // a visible <label> names it already
    }
    return false;
  }

  function nameAll(root) {
    for (const control of root.querySelectorAll(CONTROLS)) {
      if (control.type === "hidden" || control.type === "file" || named(control)) continue;
      const name = nameOf(control);
      if (name) control.setAttribute("aria-label", name);
    }
  }

  function pressedAll(root) {
    for (const b of root.querySelectorAll(".widget-toggle-buttons button")) {
      const on = b.classList.contains("mod-active") ? "true" : "false";
      if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
    }
  }

  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      nameAll(document.body);
      pressedAll(document.body);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true,
                                    attributeFilter: ["class"] });
  nameAll(document.body);
  pressedAll(document.body);
})();
