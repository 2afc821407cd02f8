// Funkoverse's table: the map drawn in SVG from the view's drawing (squares, solid
// squares, walls, posts, starting areas and marker homes), the pieces and markers on
// it, the line of sight from a chosen piece, the squares a prompt offers highlighted
// (they are buttons), each side's points and cooldown track, and the last dice rolled.

const BASE_COLOURS = { red: "#e57373", blue: "#64b5f6", green: "#81c784", yellow: "#fff176" };

// The drawing, read as core/grid.py writes it: square (x, y) at text column 2x+1 of
// row 2y+1, walls on the edges between, posts ("o") on corners.
export function parseMap(map) {
  const rows = map.drawing;
  const squares = [];
  const walls = [];
  const posts = [];
  const solid = new Set();
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const glyph = rows[2 * y + 1][2 * x + 1];
      if (glyph === "#") solid.add(`${x},${y}`);
      squares.push({ x, y, glyph: glyph === "." || glyph === " " ? "" : glyph });
    }
  }
  for (let j = 0; j < rows.length; j++) {
    for (let i = 0; i < rows[j].length; i++) {
      const c = rows[j][i];
      const inside = i > 0 && j > 0 && i < rows[j].length - 1 && j < rows.length - 1;
      if (c === "-" && j % 2 === 0 && inside) walls.push([i - 1, j, i + 1, j]);
      if (c === "|" && i % 2 === 0 && inside) walls.push([i, j - 1, i, j + 1]);
      if (c === "o") posts.push([i, j]);
    }
  }
  return { squares, walls, posts, solid };
}

// --- line of sight, at the grid's double resolution (square centres are odd) -------------
function orient(ax, ay, bx, by, cx, cy) {
  return Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
}
function onSegment(ax, ay, bx, by, px, py) {
  return orient(ax, ay, bx, by, px, py) === 0 && Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
}
function segmentsTouch([ax, ay, bx, by], [cx, cy, dx, dy]) {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    onSegment(ax, ay, bx, by, cx, cy) || onSegment(ax, ay, bx, by, dx, dy) ||
    onSegment(cx, cy, dx, dy, ax, ay) || onSegment(cx, cy, dx, dy, bx, by)
  );
}
// The parameter range (t0, t1) of the segment inside the box, or null (Liang-Barsky).
function clip([ax, ay, bx, by], [x0, y0, x1, y1]) {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  for (const [p, q] of [[-dx, ax - x0], [dx, x1 - ax], [-dy, ay - y0], [dy, y1 - ay]]) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
    }
  }
  return t0 <= t1 ? [t0, t1] : null;
}
function crossesOpen(segment, x, y) {
  const range = clip(segment, [2 * x, 2 * y, 2 * x + 2, 2 * y + 2]);
  if (!range || range[1] - range[0] < 1e-9) return false;
  const t = (range[0] + range[1]) / 2; // the middle of the part inside: strictly inside?
  const px = segment[0] + t * (segment[2] - segment[0]);
  const py = segment[1] + t * (segment[3] - segment[1]);
  return px > 2 * x && px < 2 * x + 2 && py > 2 * y && py < 2 * y + 2;
}

export function lineClear(parsed, a, b) {
  const segment = [2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1];
  if (parsed.solid.has(`${a[0]},${a[1]}`) || parsed.solid.has(`${b[0]},${b[1]}`)) return false;
  for (const wall of parsed.walls) if (segmentsTouch(segment, wall)) return false;
  for (const [px, py] of parsed.posts) if (onSegment(...segment, px, py)) return false;
  for (const key of parsed.solid) {
    const [x, y] = key.split(",").map(Number);
    if (clip(segment, [2 * x, 2 * y, 2 * x + 2, 2 * y + 2])) return false;
  }
  return true;
}

// What a piece standing on `from` sees: a clear line, and no standing rival it sees
// on a square the line crosses.
export function visibleFrom(parsed, map, from, side, pieces) {
  const occupied = new Map();
  for (const p of pieces) if (p.square && p.standing && p.side !== side) occupied.set(`${p.square[0]},${p.square[1]}`, p);
  const memo = new Map();
  const sees = (target) => {
    const key = `${target[0]},${target[1]}`;
    if (memo.has(key)) return memo.get(key);
    let seen = lineClear(parsed, from, target);
    if (seen && occupied.size) {
      const segment = [2 * from[0] + 1, 2 * from[1] + 1, 2 * target[0] + 1, 2 * target[1] + 1];
      for (const [k] of occupied) {
        const [x, y] = k.split(",").map(Number);
        if ((x === from[0] && y === from[1]) || (x === target[0] && y === target[1])) continue;
        if (crossesOpen(segment, x, y) && sees([x, y])) {
          seen = false;
          break;
        }
      }
    }
    memo.set(key, seen);
    return seen;
  };
  const seen = new Set();
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (sees([x, y])) seen.add(`${x},${y}`);
  return seen;
}

function initials(name) {
  return name
    .split(/[\s.-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join("");
}

function lastDice(ctx) {
  const rolls = ctx.events.filter((e) => e.kind === "challenge" && e.data && e.data.attack);
  return rolls.length ? rolls[rolls.length - 1] : null;
}

export default function render(view, ctx) {
  const { h, svg } = ctx;
  const map = view.map;
  const parsed = parseMap(map);
  const pieces = view.pieces;
  const byName = new Map(view.cards.map((c) => [c.id, c]));
  const selectedId = ctx.ui.lineOfSight || "";
  const selected = pieces.find((p) => p.id === selectedId && p.square);
  const seen = selected ? visibleFrom(parsed, map, selected.square, selected.side, pieces) : null;

  const board = svg("svg", {
    viewBox: `-0.1 -0.1 ${map.width + 0.2} ${map.height + 0.2}`,
    class: "map",
    role: "group",
    "aria-label": `${map.name}, ${map.width} by ${map.height} squares`,
  });
  for (const s of parsed.squares) {
    const key = `${s.x},${s.y}`;
    const classes = ["square"];
    if (parsed.solid.has(key)) classes.push("solid");
    else if (s.glyph) classes.push("area");
    if (seen && seen.has(key)) classes.push("seen");
    const g = svg(
      "g",
      { dataset: { keys: key }, "aria-label": `square ${key}${s.glyph ? ` (${s.glyph})` : ""}` },
      svg("rect", { x: s.x, y: s.y, width: 1, height: 1, class: classes.join(" ") }),
      s.glyph && s.glyph !== "#"
        ? svg("text", { x: s.x + 0.12, y: s.y + 0.25, "font-size": 0.25, fill: "#8a7a60" }, s.glyph)
        : null,
    );
    g.querySelector("rect").classList.toString();
    board.append(g);
  }
  for (const [x1, y1, x2, y2] of parsed.walls) {
    board.append(svg("line", { x1: x1 / 2, y1: y1 / 2, x2: x2 / 2, y2: y2 / 2, class: "wall" }));
  }
  for (const [i, j] of parsed.posts) board.append(svg("circle", { cx: i / 2, cy: j / 2, r: 0.1, class: "post" }));
  board.append(svg("rect", { x: 0, y: 0, width: map.width, height: map.height, fill: "none", stroke: "#2b2233", "stroke-width": 0.08 }));
  for (const m of view.markers) {
    if (!m.square) continue;
    board.append(
      svg(
        "g",
        { class: "marker", "aria-label": `marker ${m.id}` },
        svg("rect", { x: m.square[0] + 0.62, y: m.square[1] + 0.05, width: 0.33, height: 0.33 }),
        svg("text", { x: m.square[0] + 0.785, y: m.square[1] + 0.22 }, m.id),
      ),
    );
  }
  for (const p of pieces) {
    if (!p.square) continue;
    const [x, y] = p.square;
    const classes = ["piece", p.standing ? "up" : "down"];
    if (p.id === selectedId) classes.push("selected");
    board.append(
      svg(
        "g",
        {
          class: classes.join(" "),
          dataset: { keys: `${p.id} ${p.card}`, card: p.card, piece: p.id },
          "aria-label": `${p.name} (side ${p.side}${p.standing ? "" : ", knocked down"}${p.exhausted ? ", exhausted" : ""}) on ${x},${y}`,
        },
        svg("title", {}, `${p.name}: side ${p.side}, defense ${p.defense}${p.exhausted ? ", exhausted" : ""}${p.standing ? "" : ", knocked down"}`),
        svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.38, fill: BASE_COLOURS[p.base] || "#ccc", opacity: p.exhausted ? 0.55 : 1 }),
        svg("text", { x: x + 0.5, y: y + 0.52 }, initials(p.name)),
      ),
    );
  }

  const sight = h("select", { id: "sight-from", "aria-label": "Show the line of sight from" }, h("option", { value: "" }, "no line of sight"));
  for (const p of pieces) if (p.square) sight.append(h("option", { value: p.id }, `line of sight from ${p.name}`));
  sight.value = selected ? selected.id : "";
  sight.addEventListener("change", () => {
    ctx.ui.lineOfSight = sight.value;
    ctx.redraw();
  });

  const dice = lastDice(ctx);
  const sides = view.sides.map((side) =>
    h(
      "section",
      { class: `player ${side.seats.includes(ctx.you) ? "mine" : ""}`.trim(), "data-mine": side.seats.includes(ctx.you) ? "" : null },
      h(
        "header",
        {},
        h("h3", {}, `Side ${side.index}: ${side.seats.map((s) => ctx.seatName(s)).join(", ")}`),
        h("strong", { class: "score" }, `${side.points} point${side.points === 1 ? "" : "s"} of ${view.goal}`),
        view.turn_side === side.index ? h("span", { class: "badge" }, "to act") : null,
        side.leader ? h("span", {}, `leader: ${side.leader}`) : null,
      ),
      h("div", { class: "zone" }, h("h3", {}, "Ability tokens"), side.pool.length ? side.pool.join(", ") : "none"),
      h(
        "div",
        { class: "zone" },
        h("h3", {}, "Cooldown track"),
        h(
          "div",
          { class: "cooldown" },
          side.cooldown.map((space) =>
            h("div", { class: "space" }, h("strong", {}, `${space.space}: `), space.things.length ? space.things.join(", ") : "—"),
          ),
        ),
      ),
      h(
        "div",
        { class: "zone" },
        h("h3", {}, "Pieces"),
        pieces
          .filter((p) => p.side === side.index)
          .map((p) =>
            h(
              "span",
              {
                class: "card",
                dataset: { keys: `${p.id} ${p.card}`, card: p.card },
                title: (byName.get(p.card) || {}).text || p.name,
              },
              p.name,
              h(
                "small",
                {},
                ` ${p.square ? `on ${p.square.join(",")}` : "off the map"}${p.standing ? "" : ", down"}${p.exhausted ? ", exhausted" : ""}` +
                  `${p.cooldown_space ? `, cooldown ${p.cooldown_space}` : ""}${p.item ? `, ${p.item}${p.item_ready ? "" : " (cooling)"}` : ""}` +
                  `${p.statuses.length ? `, ${p.statuses.join(", ")}` : ""}`,
              ),
            ),
          ),
      ),
    ),
  );

  return h(
    "div",
    { class: "funkoverse-table" },
    h(
      "div",
      { class: "game-info" },
      h("span", {}, h("strong", {}, `${view.scenario} · ${view.mode}`)),
      h("span", {}, `stage: ${view.stage}`),
      h("span", {}, `round ${view.round}${view.round_limit ? ` of ${view.round_limit}` : ""}`),
      h("span", {}, `side ${view.first_side} went first; side ${view.turn_side} to act`),
      view.active ? h("span", {}, `active: ${(pieces.find((p) => p.id === view.active) || {}).name || view.active}, ${view.actions_left} action(s) left`) : null,
      view.over ? h("strong", {}, `over: side ${view.winners.join(" and ")} won`) : null,
    ),
    dice
      ? h(
          "p",
          { class: "dice" },
          `Last challenge: ${dice.text}. Attack ${dice.data.attack.join(" ")} (${dice.data.attack_successes}) against defense ${dice.data.defense.join(" ")} (${dice.data.defense_successes}).`,
        )
      : null,
    h("div", { class: "tools" }, sight, selected ? h("span", {}, "squares in sight are shaded yellow") : null),
    h("div", { class: "map-wrap" }, board),
    h("div", { class: "players" }, sides),
  );
}
