// Small helpers for building the page: elements, notices, card faces and their text.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const SVG = "http://www.w3.org/2000/svg"; // the SVG namespace (a name, not an address to load)
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

// A message every refusal and failure ends up in: role=alert, so it is read out.
export function notify(message, kind = "error") {
  const box = document.getElementById("notice");
  box.textContent = message;
  box.className = kind;
  box.hidden = !message;
}

// The catalogue of the game being shown, looked up by card id and by name.
export class Cards {
  constructor(list) {
    this.byId = new Map(list.map((c) => [c.id, c]));
    this.byName = new Map();
    for (const c of list) if (!this.byName.has(c.name)) this.byName.set(c.name, c);
  }
  find(ref, name) {
    return (ref && this.byId.get(ref)) || (name && this.byName.get(name)) || null;
  }
}

export function describe(card) {
  if (!card) return "";
  const numbers = Object.entries(card.numbers || {})
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`)
    .join(", ");
  return [card.name, card.kind, numbers, card.text].filter(Boolean).join(" · ");
}

// A card face: its name (and alias), its definition's text on hover, focus or tap.
// `keys` are what choices may name it by (instance id, catalogue id).
export function cardChip(cards, { id, ref, name, extra, kind }, attrs = {}) {
  const definition = cards.find(ref, name);
  const label = name || (definition && definition.name) || ref || id || "?";
  const chip = h(
    "span",
    {
      class: `card ${kind || (definition && definition.kind) || ""}`.trim(),
      title: definition ? describe(definition) : label,
      dataset: { card: definition ? definition.id : "", keys: [id, ref].filter(Boolean).join(" ") },
      ...attrs,
    },
    label,
    extra ? h("small", {}, ` ${extra}`) : null,
  );
  return chip;
}

// The card detail panel follows the pointer and the keyboard focus.
export function watchCardDetail(getCards) {
  const panel = document.getElementById("card-detail");
  const hide = (event) => {
    event.stopPropagation();
    panel.hidden = true;
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") panel.hidden = true;
  });
  const show = (event) => {
    const el = event.target.closest && event.target.closest("[data-card]");
    const cards = getCards();
    if (!el || !el.dataset.card || !cards) return;
    const card = cards.byId.get(el.dataset.card);
    if (!card) return;
    panel.replaceChildren(
      h("button", { type: "button", class: "close quiet", "aria-label": "Close the card", onclick: hide }, "×"),
      h("strong", {}, card.name),
      h("span", { class: "kind" }, ` ${card.kind}`),
      h("p", {}, card.text || ""),
      h("p", { class: "numbers" }, describe({ numbers: card.numbers })),
    );
    panel.hidden = false;
  };
  document.addEventListener("mouseover", show);
  document.addEventListener("focusin", show);
  document.addEventListener("click", show);
}
