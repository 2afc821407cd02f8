// A form for a game's options, drawn from their JSON Schema (as `games { optionsSchema }`
// gives it): numbers, yes/no, a choice among values, or JSON for anything else. It
// starts from the variant's preset over the defaults and sends only what was changed.

import { h } from "./dom.js";

function resolve(schema, root) {
  let node = schema || {};
  const seen = new Set();
  while (node.$ref && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    const path = node.$ref.replace(/^#\//, "").split("/");
    let target = root;
    for (const part of path) target = target ? target[part] : undefined;
    node = { ...(target || {}), ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== "$ref")) };
  }
  return node;
}

// The field's shape: { kind: integer|number|boolean|enum|json, nullable, values, min, max }.
function shape(property, root) {
  let node = resolve(property, root);
  let nullable = false;
  const alternatives = node.anyOf || node.oneOf;
  if (alternatives) {
    const others = alternatives.map((a) => resolve(a, root)).filter((a) => a.type !== "null");
    nullable = others.length < alternatives.length;
    if (others.length === 1) node = { ...others[0], ...node, anyOf: undefined, oneOf: undefined };
    else return { kind: "json", nullable };
  }
  if (node.enum) return { kind: "enum", nullable, values: node.enum };
  if (node.const !== undefined) return { kind: "enum", nullable, values: [node.const] };
  if (node.type === "integer" || node.type === "number") {
    return {
      kind: node.type,
      nullable,
      min: node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : undefined),
      max: node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : undefined),
    };
  }
  if (node.type === "boolean") return { kind: "boolean", nullable };
  if (node.type === "string") return { kind: "string", nullable };
  return { kind: "json", nullable };
}

export function optionsForm(schema, preset) {
  const element = h("div", { class: "options-form" });
  const fields = [];
  for (const [key, property] of Object.entries(schema.properties || {})) {
    const resolved = resolve(property, schema);
    const info = shape(property, schema);
    const initial = key in (preset || {}) ? preset[key] : resolved.default ?? property.default ?? null;
    const id = `opt-${key}`;
    const label = h("label", { for: id }, resolved.title || property.title || key);
    const help = h("small", { class: "help", id: `${id}-help` }, property.description || resolved.description || "");
    let input;
    if (info.kind === "boolean") {
      input = h("input", { id, type: "checkbox", "aria-describedby": `${id}-help` });
      input.checked = Boolean(initial);
    } else if (info.kind === "enum") {
      input = h("select", { id, "aria-describedby": `${id}-help` });
      if (info.nullable) input.append(h("option", { value: "" }, "(none)"));
      for (const value of info.values) input.append(h("option", { value: JSON.stringify(value) }, String(value)));
      input.value = initial === null ? "" : JSON.stringify(initial);
    } else if (info.kind === "integer" || info.kind === "number") {
      input = h("input", {
        id,
        type: "number",
        step: info.kind === "integer" ? 1 : "any",
        min: info.min,
        max: info.max,
        placeholder: info.nullable ? "none" : null,
        "aria-describedby": `${id}-help`,
      });
      input.value = initial === null ? "" : String(initial);
    } else if (info.kind === "string") {
      input = h("input", { id, type: "text", "aria-describedby": `${id}-help` });
      input.value = initial ?? "";
    } else {
      input = h("textarea", { id, rows: 2, spellcheck: "false", "aria-describedby": `${id}-help` });
      input.value = JSON.stringify(initial);
    }
    fields.push({ key, info, input, initial });
    element.append(h("div", { class: `field option ${info.kind}` }, label, input, help));
  }

  function read() {
    const values = {};
    const errors = [];
    for (const { key, info, input, initial } of fields) {
      let value;
      const text = input.value.trim();
      if (info.kind === "boolean") value = input.checked;
      else if (info.kind === "enum") value = text === "" ? null : JSON.parse(text);
      else if (info.kind === "integer" || info.kind === "number") {
        if (text === "") {
          if (!info.nullable) {
            errors.push(`${key} needs a number`);
            continue;
          }
          value = null;
        } else {
          value = Number(text);
          if (!Number.isFinite(value) || (info.kind === "integer" && !Number.isInteger(value))) {
            errors.push(`${key} must be ${info.kind === "integer" ? "a whole number" : "a number"}, not '${text}'`);
            continue;
          }
          if ((info.min !== undefined && value < info.min) || (info.max !== undefined && value > info.max)) {
            errors.push(`${key} must be between ${info.min ?? "-∞"} and ${info.max ?? "∞"}, not ${value}`);
            continue;
          }
        }
      } else if (info.kind === "string") value = text === "" && info.nullable ? null : input.value;
      else {
        try {
          value = JSON.parse(text || "null");
        } catch (error) {
          errors.push(`${key} is not valid JSON (${error.message})`);
          continue;
        }
      }
      if (JSON.stringify(value) !== JSON.stringify(initial)) values[key] = value;
    }
    return { values, errors };
  }
  return { element, read };
}
