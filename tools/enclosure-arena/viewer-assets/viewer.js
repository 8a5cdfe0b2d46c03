// Enclosure replay viewer. The frames (one per picture: start, each turn, end) are worked out
// in Rust (src/viewer/frames.rs) and embedded as JSON; this script only draws them. The board
// drawing mirrors src/viewer/svg.rs element for element (same colours, same data-* hooks).
(function () {
  'use strict';
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const model = JSON.parse(document.getElementById('replay-data').textContent);
  const pal = model.palette;
  const frames = model.frames;
  const $ = (id) => document.getElementById(id);
  const board = $('board');
  const slider = $('slider');
  const playButton = $('play');
  let current = 0;
  let timer = null;

  // Same rounding as palette::vertex_px.
  const px = (v) => Math.round((pal.margin_px + v * pal.cell_px) * 100) / 100;

  function make(ns, name, attrs, parent, text) {
    const node = ns ? document.createElementNS(ns, name) : document.createElement(name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  const svg = (name, attrs, parent, text) => make(SVG_NS, name, attrs, parent, text);
  const html = (name, attrs, parent, text) => make(null, name, attrs, parent, text);

  function drawBoard(frame) {
    board.replaceChildren();
    const n = model.cells;
    const size = 2 * pal.margin_px + n * pal.cell_px;
    board.setAttribute('viewBox', `0 0 ${size} ${size}`);
    board.setAttribute('width', size);
    board.setAttribute('height', size);
    board.setAttribute('data-turn', frame.turn);
    board.setAttribute('data-kind', frame.kind);
    const regions = new Map(frame.regions.map((r) => [r.id, r]));
    frame.cells.forEach((row, y) => row.forEach((id, x) => {
      const region = regions.get(id);
      svg('rect', {
        class: 'cell', 'data-cell': `${x},${y}`, 'data-owner': region ? region.owner : -1,
        'data-region': id, x: px(x), y: px(y), width: pal.cell_px, height: pal.cell_px,
        fill: region ? pal.regions[region.owner][region.shade] : pal.unowned,
      }, board);
    }));
    let grid = '';
    for (let i = 0; i <= n; i++) grid += `M${px(i)} ${px(0)}V${px(n)}M${px(0)} ${px(i)}H${px(n)}`;
    svg('path', { class: 'grid', d: grid, stroke: pal.grid, 'stroke-width': 1, fill: 'none' }, board);
    if (frame.borders.length) {
      const d = frame.borders.map(([x1, y1, x2, y2]) => `M${px(x1)} ${px(y1)}L${px(x2)} ${px(y2)}`).join('');
      svg('path', {
        class: 'borders', d, stroke: pal.border, 'stroke-width': 2.5,
        'stroke-linecap': 'square', fill: 'none',
      }, board);
    }
    const coords = svg('g', { class: 'coords', 'font-size': 10, fill: '#8a8478' }, board);
    for (let i = 0; i <= n; i++) {
      svg('text', { x: px(i), y: pal.margin_px - 10, 'text-anchor': 'middle' }, coords, String(i));
      svg('text', { x: pal.margin_px - 8, y: px(i) + 3.5, 'text-anchor': 'end' }, coords, String(i));
    }
    for (const trap of frame.traps) {
      const cx = px(trap.x), cy = px(trap.y);
      const g = svg('g', { class: 'trap', 'data-trap': `${trap.x},${trap.y}`, 'data-left': trap.left }, board);
      svg('rect', {
        x: cx - 8, y: cy - 8, width: 16, height: 16, transform: `rotate(45 ${cx} ${cy})`,
        fill: pal.mud, opacity: 0.9,
      }, g);
      svg('text', {
        x: cx, y: cy + 3.5, 'font-size': 10, 'font-weight': 700, fill: '#ffffff', 'text-anchor': 'middle',
      }, g, String(trap.left));
    }
    for (const player of frame.players) drawTrail(player);
    for (const player of frame.players) drawToken(player);
  }

  function drawTrail(player) {
    if (!player.trail.length) return;
    const colour = pal.seats[player.seat];
    const g = svg('g', { class: 'trail', 'data-seat': player.seat, 'data-length': player.trail.length }, board);
    svg('polyline', {
      points: player.trail.map(([x, y]) => `${px(x)},${px(y)}`).join(' '), fill: 'none',
      stroke: colour, 'stroke-width': 4, 'stroke-linejoin': 'round', 'stroke-linecap': 'round', opacity: 0.85,
    }, g);
    const [sx, sy] = player.trail[0];
    svg('rect', { x: px(sx) - 4, y: px(sy) - 4, width: 8, height: 8, fill: colour }, g);
  }

  function drawToken(player) {
    const colour = pal.seats[player.seat];
    const cx = px(player.x + player.nudge[0]);
    const cy = px(player.y + player.nudge[1]);
    if (player.death !== null) {
      const g = svg('g', {
        class: 'player dead', 'data-seat': player.seat, 'data-pen': 'dead', 'data-death': player.death,
      }, board);
      svg('title', {}, g, `seat ${player.seat} dead: ${player.death}`);
      svg('path', {
        d: `M${cx - 8} ${cy - 8}L${cx + 8} ${cy + 8}M${cx - 8} ${cy + 8}L${cx + 8} ${cy - 8}`,
        stroke: colour, 'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.8,
      }, g);
      return;
    }
    const g = svg('g', {
      class: 'player', 'data-seat': player.seat, 'data-pen': player.pen, 'data-stuck': player.stuck,
    }, board);
    svg('title', {}, g, `seat ${player.seat}: pen ${player.pen}` + (player.stuck ? `, stuck ${player.stuck}` : ''));
    if (player.stuck > 0) {
      svg('circle', { cx, cy, r: 18, fill: 'none', stroke: pal.mud, 'stroke-width': 4, opacity: 0.9 }, g);
    }
    if (player.pen === 'down') {
      svg('circle', { cx, cy, r: 14.5, fill: 'none', stroke: pal.ink, 'stroke-width': 2.5 }, g);
    }
    svg('circle', { cx, cy, r: 11, fill: colour, stroke: '#ffffff', 'stroke-width': 2 }, g);
    svg('text', {
      x: cx, y: cy + 4, 'font-size': 12, 'font-weight': 700, fill: '#ffffff', 'text-anchor': 'middle',
    }, g, String(player.seat));
    if (player.stuck > 0) {
      svg('circle', { cx: cx + 13, cy: cy - 13, r: 7.5, fill: pal.mud }, g);
      svg('text', {
        x: cx + 13, y: cy - 9.5, 'font-size': 10, 'font-weight': 700, fill: '#ffffff', 'text-anchor': 'middle',
      }, g, String(player.stuck));
    }
  }

  function drawScores(frame) {
    const body = document.querySelector('#scores tbody');
    body.replaceChildren();
    const rows = frame.scores.slice().sort((a, b) => a.rank - b.rank);
    for (const row of rows) {
      const tr = html('tr', {
        'data-seat': row.seat, 'data-score': row.score, 'data-rank': row.rank, 'data-state': row.state,
      }, body);
      if (row.state.startsWith('dead')) tr.className = 'dead';
      html('td', { class: 'number' }, tr, String(row.rank));
      const seat = html('td', {}, tr);
      html('span', { class: 'swatch', style: `background:${pal.seats[row.seat]}` }, seat);
      seat.appendChild(document.createTextNode(String(row.seat)));
      html('td', { class: 'bot', title: row.bot }, tr, row.bot);
      html('td', { class: 'state' }, tr, row.state);
      const total = row.regions.reduce((a, b) => a + b, 0);
      const land = row.regions.length > 1 ? `${row.regions.join(' + ')} = ${total}` : String(row.regions[0] || '—');
      html('td', { class: 'land' }, tr, land);
      html('td', { class: 'number' }, tr, String(row.mud));
      html('td', { class: 'number score' }, tr, String(row.score));
    }
  }

  function fillList(list, notes, quietText) {
    list.replaceChildren();
    if (!notes.length) html('li', { class: 'quiet' }, list, quietText);
    for (const note of notes) html('li', { class: note.alert ? 'alert' : '' }, list, note.text);
  }

  function show(index, updateHash) {
    current = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[current];
    drawBoard(frame);
    drawScores(frame);
    const title = $('turn');
    title.textContent = frame.label;
    title.setAttribute('data-frame', current);
    title.setAttribute('data-turn', frame.turn);
    title.setAttribute('data-kind', frame.kind);
    fillList($('events'), frame.events, 'nothing happened');
    fillList($('actions'), frame.actions, frame.kind === 'end' ? 'game over' : '—');
    $('status').textContent = frame.status || '—';
    slider.value = current;
    if (updateHash !== false) {
      try {
        history.replaceState(null, '', '#turn=' + hashName(current));
      } catch (e) {
        // Some browsers refuse history changes on file:// pages; the hash is a convenience.
      }
    }
  }

  function hashName(index) {
    return frames[index].kind === 'end' ? 'end' : String(frames[index].turn);
  }

  // "#turn=N" (state after turn N) or "#turn=end"; a turn past the last recorded one shows
  // the last frame, as render_svg does. Anything else keeps the default.
  function frameFromHash() {
    const match = /^#turn=(\d+|end)$/.exec(location.hash);
    if (!match) return null;
    if (match[1] === 'end') return frames.length - 1;
    const turn = Number(match[1]);
    const index = frames.findIndex((f) => f.kind !== 'end' && f.turn === turn);
    return index < 0 ? frames.length - 1 : index;
  }

  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = 'play';
  }

  function play() {
    if (current >= frames.length - 1) show(0);
    playButton.textContent = 'pause';
    timer = setInterval(() => {
      if (current >= frames.length - 1) pause();
      else show(current + 1);
    }, Number($('speed').value));
  }

  const step = (delta) => { pause(); show(current + delta); };

  $('first').addEventListener('click', () => { pause(); show(0); });
  $('back').addEventListener('click', () => step(-1));
  $('forward').addEventListener('click', () => step(1));
  $('last').addEventListener('click', () => { pause(); show(frames.length - 1); });
  playButton.addEventListener('click', () => (timer === null ? play() : pause()));
  $('speed').addEventListener('change', () => { if (timer !== null) { pause(); play(); } });
  slider.addEventListener('input', () => { pause(); show(Number(slider.value)); });
  window.addEventListener('hashchange', () => {
    const index = frameFromHash();
    if (index !== null && index !== current) show(index, false);
  });
  document.addEventListener('keydown', (event) => {
    // The slider and the speed menu handle their own keys.
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => { pause(); show(0); },
      End: () => { pause(); show(frames.length - 1); },
      ' ': () => (timer === null ? play() : pause()),
    };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    }
  });

  function drawLegend() {
    const legend = $('legend');
    const item = (draw, text) => {
      const span = html('span', {}, legend);
      const icon = svg('svg', { width: 26, height: 26, viewBox: '-13 -13 26 26' }, span);
      draw(icon);
      span.appendChild(document.createTextNode(text));
    };
    const seat = pal.seats[0];
    item((g) => svg('circle', { r: 8, fill: seat, stroke: '#fff', 'stroke-width': 2 }, g), 'pen up');
    item((g) => {
      svg('circle', { r: 11, fill: 'none', stroke: pal.ink, 'stroke-width': 2 }, g);
      svg('circle', { r: 8, fill: seat }, g);
    }, 'pen down');
    item((g) => svg('path', { d: 'M-11 6L-3 -4L4 2L11 -7', stroke: seat, 'stroke-width': 3.5, fill: 'none' }, g), 'open trail');
    item((g) => {
      svg('circle', { r: 10, fill: 'none', stroke: pal.mud, 'stroke-width': 3 }, g);
      svg('circle', { r: 6, fill: seat }, g);
    }, 'stuck (turns lost)');
    item((g) => {
      svg('rect', { x: -7, y: -7, width: 14, height: 14, transform: 'rotate(45)', fill: pal.mud }, g);
      svg('text', { y: 3.5, 'font-size': 9, fill: '#fff', 'text-anchor': 'middle', 'font-weight': 700 }, g, '2');
    }, 'mud trap (turns left)');
    item((g) => svg('path', { d: 'M-7 -7L7 7M-7 7L7 -7', stroke: seat, 'stroke-width': 3.5 }, g), 'dead');
    item((g) => {
      svg('rect', { x: -12, y: -8, width: 12, height: 16, fill: pal.regions[0][0] }, g);
      svg('rect', { x: 0, y: -8, width: 12, height: 16, fill: pal.regions[0][1] }, g);
      svg('path', { d: 'M0 -8V8', stroke: pal.border, 'stroke-width': 2 }, g);
    }, 'regions of one owner');
  }

  const bots = model.seats.map((bot, seat) => `${seat}: ${bot}`).join(' · ');
  const outcome = model.finished ? '' : ' · game cut short (no end record)';
  $('meta').textContent = `seed ${model.seed} · ${bots}${outcome}`;
  slider.max = frames.length - 1;
  drawLegend();
  const fromHash = frameFromHash();
  show(fromHash !== null ? fromHash : Number(document.body.getAttribute('data-start-frame')) || 0, fromHash === null);
  document.body.setAttribute('data-ready', '1');
})();
