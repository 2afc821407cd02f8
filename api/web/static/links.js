// Answering a prompt by clicking the thing it concerns. A table marks what it draws
// with `data-keys` (instance ids such as "c15", catalogue ids, squares "3,4", piece
// ids); a choice is linked to an element when a part of its id (after the verb:
// "play:c15" -> "c15", "to:3,4" -> "3,4") is one of the element's keys, or, failing
// any such link, when the card it concerns (its first card ref) is, preferring what
// lies in the caller's own area (`data-mine`). A linked element becomes a button: one
// choice is made at once, several open a small menu.

import { h } from "./dom.js";

function parts(choice) {
  return choice.id.split(":").slice(1).filter(Boolean);
}

export function linkChoices(table, prompts, choose) {
  const choices = prompts.flatMap((p) => p.choices);
  const elements = [...table.querySelectorAll("[data-keys]")].filter((el) => el.dataset.keys);
  const links = new Map();
  const linked = new Set();
  const add = (el, choice) => {
    if (!links.has(el)) links.set(el, []);
    if (!links.get(el).includes(choice)) links.get(el).push(choice);
    linked.add(choice);
  };
  for (const el of elements) {
    const keys = new Set(el.dataset.keys.split(" "));
    for (const c of choices) if (parts(c).some((p) => keys.has(p))) add(el, c);
  }
  for (const c of choices) {
    if (linked.has(c) || !c.card) continue;
    let matches = elements.filter((el) => el.dataset.keys.split(" ").includes(c.card));
    const mine = matches.filter((el) => el.closest("[data-mine]"));
    if (mine.length) matches = mine;
    for (const el of matches) add(el, c);
  }
  for (const [el, list] of links) {
    el.classList.add("choosable");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    const what = list.length === 1 ? list[0].label : `${list.length} choices`;
    el.setAttribute("aria-label", `${el.getAttribute("aria-label") || el.textContent.trim()}: ${what}`);
    el.dataset.linked = list.map((c) => c.id).join(" ");
    const activate = (event) => {
      event.preventDefault();
      event.stopPropagation();
      if (list.length === 1) choose(list[0].id);
      else openMenu(el, list, choose);
    };
    el.addEventListener("click", activate);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") activate(event);
    });
  }
}

function openMenu(anchor, list, choose) {
  document.querySelectorAll(".choice-menu").forEach((m) => m.remove());
  const close = () => {
    menu.remove();
    anchor.focus();
  };
  const menu = h(
    "div",
    { class: "choice-menu", role: "menu", "aria-label": "Choose" },
    list.map((c) =>
      h(
        "button",
        {
          type: "button",
          role: "menuitem",
          class: "choice",
          dataset: { choice: c.id },
          onclick: () => {
            menu.remove();
            choose(c.id);
          },
        },
        c.label,
      ),
    ),
    h("button", { type: "button", class: "quiet", onclick: close }, "Cancel"),
  );
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  const box = anchor.getBoundingClientRect();
  menu.style.top = `${window.scrollY + box.bottom + 4}px`;
  menu.style.left = `${Math.max(4, Math.min(window.scrollX + box.left, window.innerWidth - 260))}px`;
  document.body.append(menu);
  menu.querySelector("button").focus();
}
