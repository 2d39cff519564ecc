/* Page guard for Voila pages: when an app never shows, say so and offer a retry.
 *
 * Loaded with `defer`, so it runs once the server has sent the whole page (every cell has
 * run). Two ways an app can fail to show:
 * - the server sent the page without the app's output (on a busy server, Voila's executor
 *   can give up waiting for a cell's output): the code cells have no outputs at all;
 * - the output came, but its widgets never render in the browser (the kernel is gone,
 *   or the connection to it failed): no widget shows within `waitMs`.
 * If the app shows up later after all, the notice goes away again.
 */
(function () {
  "use strict";

  const SHOWN = "#rendered_cells .jupyter-widgets";
  // Tests shorten the wait through window.VG_PAGE_GUARD_MS (set before the page loads).
  const waitMs = () => window.VG_PAGE_GUARD_MS ?? 30000;

  function notice(text) {
    let box = document.querySelector(".vg-page-guard");
    if (!box) {
      box = document.createElement("div");
      box.className = "vg-page-guard";
      box.setAttribute("role", "alert");
      const message = document.createElement("p");
      message.className = "vg-page-guard-message";
      const retry = document.createElement("button");
      retry.className = "vg-page-guard-retry";
      retry.type = "button";
      retry.textContent = "Try again";
      retry.addEventListener("click", () => window.location.reload());
      box.append(message, retry);
      document.body.prepend(box);
    }
    box.querySelector(".vg-page-guard-message").textContent = text;
  }

  function clear() {
    document.querySelector(".vg-page-guard")?.remove();
  }

  function outputLost() {
    const cells = [...document.querySelectorAll("#rendered_cells .jp-CodeCell")];
    return cells.length > 0 && cells.every((c) => c.classList.contains("jp-mod-noOutputs"));
  }

  function watch() {
    if (document.querySelector(SHOWN)) return;
    const timer = setTimeout(() => {
      if (!document.querySelector(SHOWN)) {
        notice("The app has not appeared yet: the server may be busy, or the connection " +
          "to it was lost. Wait a little longer, or try again.");
      }
    }, waitMs());
    const observer = new MutationObserver(() => {
      if (document.querySelector(SHOWN)) {
        clearTimeout(timer);
        observer.disconnect();
        clear();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }

  if (outputLost()) {
    notice("The app did not reach this page: the server was too busy to send it in " +
      "time. Try again to load it afresh.");
  } else if (document.querySelector(".vg-widget-view")) {
    watch();
  }
})();
