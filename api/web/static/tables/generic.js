// The generic table, for any game without a table of its own: the seat's view as a
// tree of labelled values. Anything with an `id` (a card, a piece) is drawn as a chip
// a choice can be linked to, and the entry of the caller's own seat is marked as theirs.

function label(key) {
  return String(key).replace(/_/g, " ");
}

function isScalar(value) {
  return value === null || typeof value !== "object";
}

function scalar(value) {
  if (value === null) return "—";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

function node(value, ctx, depth) {
  const { h } = ctx;
  if (isScalar(value)) return h("span", { class: "value" }, scalar(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "value empty" }, "none");
    if (value.every(isScalar)) return h("span", { class: "value" }, value.map(scalar).join(", "));
    return h(
      "ol",
      { class: "list", start: 0 },
      value.map((item) => h("li", {}, node(item, ctx, depth + 1))),
    );
  }
  if (typeof value.id === "string" && typeof value.name === "string") {
    const extra = Object.entries(value)
      .filter(([k, v]) => !["id", "name", "card"].includes(k) && isScalar(v) && v !== "" && v !== null)
      .map(([k, v]) => `${label(k)} ${scalar(v)}`)
      .join(", ");
    return ctx.card({ id: value.id, ref: value.card, name: value.name, extra }, {});
  }
  const attrs = { class: `object depth-${Math.min(depth, 3)}` };
  if (typeof value.seat === "number" && value.seat === ctx.you) {
    attrs["data-mine"] = "";
    attrs.class += " mine";
  }
  if (typeof value.id === "string") attrs["data-keys"] = value.id;
  return h(
    "dl",
    attrs,
    Object.entries(value).map(([k, v]) => [h("dt", {}, label(k)), h("dd", {}, node(v, ctx, depth + 1))]),
  );
}

export default function render(view, ctx) {
  return ctx.h("div", { class: "generic-table" }, ctx.h("h2", {}, "Table"), node(view, ctx, 0));
}
