/* A lost connection says so (issue 37 item 6).
 *
 * Loaded in the page's head, before Voila's own scripts, it watches the kernel's
 * websocket (the one every widget message goes through) by wrapping window.WebSocket.
 * When it closes unasked (the server went down or restarts, the network dropped):
 * - at once, a banner (role=alert): "Lost the connection to the server; trying again…";
 * - a click or a key on the app meanwhile is refused, with a word in the banner (it would
 *   be lost: the widgets send it nowhere);
 * - the widget library reconnects by itself; this page also asks the server every few
 *   seconds whether it answers. When the kernel's socket opens again, the banner says so
 *   and goes. When the server answers but the kernel is gone (a restart): a page whose
 *   address names a stored table (`table=`) loads again, back at the same seat and move;
 *   any other page says plainly that its game could not be kept.
 */
(function () {
  "use strict";

  const Native = window.WebSocket;
  if (!Native || Native.vgWatched) return;
  const KERNEL = /\/api\/kernels\/[^/?]+\/channels/;
  const PROBE_MS = () => window.VG_CONNECTION_PROBE_MS ?? 3000;
  const probeUrl = (document.currentScript && document.currentScript.src) || location.href;

  const sockets = new Set();
  let opened = false;  // a kernel socket was open once (closes before that are Voila's)
  let lost = false;
  let leaving = false;
  let probe = null;

  function banner() {
    let box = document.querySelector(".vg-connection");
    if (!box) {
      box = document.createElement("div");
      box.className = "vg-connection";
      box.setAttribute("role", "alert");
      const text = document.createElement("p");
      text.className = "vg-connection-message";
      const said = document.createElement("p");
      said.className = "vg-connection-refused";
      const reload = document.createElement("button");
      reload.type = "button";
      reload.className = "vg-connection-reload";
      reload.textContent = "Reload the page";
      reload.hidden = true;
      reload.addEventListener("click", () => location.reload());
      box.append(text, said, reload);
      document.body.prepend(box);
    }
    return box;
  }

  function say(text, { refused = "", reload = false, state = "lost" } = {}) {
    const box = banner();
    box.dataset.state = state;
    box.querySelector(".vg-connection-message").textContent = text;
    box.querySelector(".vg-connection-refused").textContent = refused;
    box.querySelector(".vg-connection-reload").hidden = !reload;
  }

  function drop() {
    if (lost || leaving) return;
    lost = true;
    say("Lost the connection to the server; trying again…");
    clearInterval(probe);
    probe = setInterval(ask, PROBE_MS());
  }

  function back() {
    if (!lost) return;
    lost = false;
    clearInterval(probe);
    say("Connected to the server again: carry on where you were.", { state: "back" });
    setTimeout(() => {
      if (!lost) document.querySelector(".vg-connection")?.remove();
    }, 5000);
  }

  let answeredAt = 0;

  async function ask() {
    if (!lost) return;
    let answered = false;
    try {
      const url = probeUrl + (probeUrl.includes("?") ? "&" : "?") + "vg-probe=" + Date.now();
      answered = (await fetch(url, { cache: "no-store" })).ok;
    } catch (_) {
      answered = false;
    }
    if (!answered || !lost) {
      answeredAt = 0;
      return;
    }
    // the server answers; give the widget library's own reconnection a moment first
    if (!answeredAt) {
      answeredAt = Date.now();
      return;
    }
    if (Date.now() - answeredAt < 2 * PROBE_MS()) return;
    clearInterval(probe);
    if (new URLSearchParams(location.search).has("table")) {
      say("The server answers again. Opening this table again, at your seat…",
          { state: "reloading" });
      setTimeout(() => location.reload(), 1000);
    } else {
      say("The server answers again, but this game was not stored on the server, so it " +
          "could not be kept. Reload the page to start a new one.",
          { reload: true, state: "gone" });
    }
  }

  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!KERNEL.test(String(url))) return;
      sockets.add(this);
      this.addEventListener("open", () => {
        opened = true;
        back();
      });
      this.addEventListener("close", () => {
        sockets.delete(this);
        if (opened && ![...sockets].some((s) => s.readyState === Native.OPEN)) drop();
      });
    }
  }
  Watched.vgWatched = true;
  window.WebSocket = Watched;
  window.addEventListener("pagehide", () => { leaving = true; });
  window.addEventListener("beforeunload", () => { leaving = true; });

  // A click or key on the app while the connection is lost: refused, with a word.
  function refuse(event) {
    if (!lost) return;
    const target = event.target;
    if (!(target instanceof Element) || !target.closest("#rendered_cells")) return;
    if (event.type === "keydown" && !["Enter", " "].includes(event.key)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const box = document.querySelector(".vg-connection");
    if (box) {
      box.querySelector(".vg-connection-refused").textContent =
        "Not sent: the server cannot be reached, so that " +
        (event.type === "keydown" ? "key" : "click") +
        " did nothing. Do it again once the connection is back.";
    }
  }
  for (const type of ["click", "keydown", "pointerdown", "mousedown"]) {
    window.addEventListener(type, refuse, true);
  }

  window.VG_CONNECTION = {
    sockets,
    get lost() { return lost; },
  };
})();
