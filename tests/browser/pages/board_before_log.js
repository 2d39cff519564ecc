// The stand-in table of board_before_log.html: a pick enables Confirm; Confirm redraws the
// board (nothing left to click) and tells the log two seconds later.
const card = document.getElementById("card");
const confirm = document.querySelector(".vg-turn-confirm");
card.addEventListener("click", () => {
  card.classList.add("vg-picked");
  confirm.disabled = false;
});
confirm.addEventListener("click", () => {
  card.remove();
  confirm.disabled = true;
  confirm.hidden = true;
  document.querySelector(".vg-prompt").textContent = "Waiting for Ben.";
  setTimeout(() => {
    const log = document.querySelector(".vg-log");
    for (const text of ["Ana drafts the Swineherd.", "Ben drafts next."]) {
      const line = document.createElement("p");
      line.className = "vg-log-line";
      line.textContent = text;
      log.append(line);
    }
  }, 2000);
});
