// stichfest's page: four views over the JSON API of `stichfest serve` (analysis/web/app.py).
"use strict";

const $ = (id) => document.getElementById(id);
const SYMBOLS = "♣♠♥♦";
let META = null;

// ---------------------------------------------------------------------------
// Talking to the server
function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
  // on a phone the button pressed sits far below the box: bring the message into sight
  box.scrollIntoView({ block: "nearest" });
}
function clearError() { $("error").hidden = true; $("error").textContent = ""; }

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const resp = await fetch(path, opts);
  let data;
  try { data = await resp.json(); } catch (e) { data = { error: `the server answered ${resp.status}` }; }
  if (!resp.ok || data.error) throw new Error(data.error || `the server answered ${resp.status}`);
  return data;
}

// Start a job, follow its progress (server-sent events), resolve with its result.
function runJob(path, body, ui) {
  return new Promise((resolve, reject) => {
    let source = null, jobId = null, done = false;
    const finish = (fn, value) => {
      if (done) return;
      done = true;
      if (source) source.close();
      ui.cancel.disabled = true;
      ui.cancel.onclick = null;
      if (ui.run) ui.run.disabled = false;
      if (fn === reject) {
        // no half-full bar or old count beside the error
        ui.bar.style.width = "0";
        if (ui.status) ui.status.textContent = value.message === "cancelled" ? "cancelled" : "";
      }
      fn(value);
    };
    ui.bar.style.width = "0";
    if (ui.run) ui.run.disabled = true;
    api(path, body).then((started) => {
      jobId = started.job;
      ui.cancel.disabled = false;
      ui.cancel.onclick = () => {
        api(`/api/jobs/${jobId}/cancel`, {}).catch(() => {});
        finish(reject, new Error("cancelled"));
      };
      source = new EventSource(`/api/jobs/${jobId}/events`);
      source.onmessage = (ev) => {
        const st = JSON.parse(ev.data);
        ui.bar.style.width = `${Math.round(100 * st.done / Math.max(1, st.total))}%`;
        if (ui.status) ui.status.textContent = st.state === "running"
          ? `${st.label} ${st.done}/${st.total}${st.note ? `, ${st.note}` : ""}` : st.state;
        if (st.state === "running") return;
        source.close();
        if (st.state === "done") {
          ui.bar.style.width = "100%";
          api(`/api/jobs/${jobId}`).then((r) => finish(resolve, r), (e) => finish(reject, e));
        } else if (st.state === "error") {
          finish(reject, new Error(st.error));
        } else {
          finish(reject, new Error("cancelled"));
        }
      };
      source.onerror = () => { if (!done) { source.close(); finish(reject, new Error("lost the connection to the server")); } };
    }, (e) => finish(reject, e));
  });
}

// ---------------------------------------------------------------------------
// Cards
function suitOf(card) { return card[0]; }

function cardElement(card, { tag = "span", deckName = "german" } = {}) {
  const el = document.createElement(tag);
  const suit = suitOf(card);
  const letters = deckName === "german" ? "EGHS" : "CSHD";
  el.className = `card ${deckName === "german" ? "su" : "fr"}-${suit}`;
  el.dataset.card = card;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = card.slice(1);
  const sym = document.createElement("span");
  sym.className = "suit";
  sym.textContent = SYMBOLS[letters.indexOf(suit)] || "?";
  el.append(rank, sym);
  el.title = card;
  return el;
}
function deckNameOf(game) { return game === "schafkopf" ? "german" : "french"; }

function parseCards(text) {
  return text.split(/[\s,]+/).filter(Boolean).map((t) => t.toUpperCase().replace(/^([A-Z])(Z|X)$/, "$110"));
}

// A deck to click cards from; the text field beside it stays in step.
function deckPicker(container, { onChange = () => {} } = {}) {
  let game = "schafkopf", players = null;
  const picker = {
    selected: new Set(),
    owner: null, // optional: card -> label shown on it (the open deal's seats)
    // players: the cards in play for that many (Schafkopf for three: no 7s or 8s); null: the whole pack
    setGame(g, n = null) { game = g; players = n; this.draw(); },
    set(cards) { this.selected = new Set(cards); this.draw(); },
    draw() {
      container.innerHTML = "";
      const cards = (players && META.games[game].decks[players]) || META.games[game].deck;
      const rows = {};
      for (const c of cards) (rows[suitOf(c)] = rows[suitOf(c)] || []).push(c);
      for (const suit of Object.keys(rows)) {
        const row = document.createElement("div");
        row.className = "row";
        for (const c of rows[suit]) {
          const el = cardElement(c, { tag: "button", deckName: deckNameOf(game) });
          el.type = "button";
          const who = this.owner ? this.owner(c) : null;
          if (who !== null && who !== undefined) {
            el.classList.add("taken");
            const tag = document.createElement("span");
            tag.className = "owner";
            tag.textContent = who;
            el.append(tag);
          }
          if (this.selected.has(c)) el.classList.add("picked");
          el.onclick = () => onChange(c);
          row.append(el);
        }
        container.append(row);
      }
    },
  };
  return picker;
}

function handPicker(prefix) {
  const input = $(`${prefix}-hand`);
  const count = $(`${prefix}-count`);
  const picker = deckPicker($(`${prefix}-deck`), {
    onChange(c) {
      if (picker.selected.has(c)) picker.selected.delete(c);
      else picker.selected.add(c);
      input.value = [...picker.selected].join(" ");
      update();
    },
  });
  const update = () => { picker.draw(); if (count) count.textContent = `${picker.selected.size} cards`; };
  input.addEventListener("input", () => { picker.selected = new Set(parseCards(input.value)); update(); });
  picker.update = update;
  return picker;
}

// ---------------------------------------------------------------------------
// Ramsch: no declarer; the position's "declarer" is the seat under study, whose points are counted.
function isRamsch(view) { return view.position.contract === "ramsch"; }

// Six or eight players (Scharwenzel): the seats go round the table from the bottom, clockwise,
// over its eight places; each seat's trick card lies on its side of the middle.
const PLACES = { 6: ["s", "sw", "nw", "n", "ne", "se"], 8: ["s", "sw", "w", "nw", "n", "ne", "e", "se"] };

// A table of four hands (seat 0 at the bottom), the trick in the middle.
function drawBoard(board, view, { values = null, onPlay = null, highlight = null, compact = false } = {}) {
  board.innerHTML = "";
  const places = PLACES[view.hands.length] || null;
  board.classList.toggle("many", !!places);
  const deckName = deckNameOf(view.position.game);
  let best = null, maximizing = values && values.maximizing ? values.maximizing.includes(view.to_move) : true;
  if (values && values.moves) {
    const vs = Object.values(values.moves);
    if (vs.length) best = maximizing ? Math.max(...vs) : Math.min(...vs);
  }
  const scale = view.unit === "tricks" ? 1 : 10;
  // a card that changes the outcome (61, Schneider, a Tout, a puzzle's goal) is red however few
  // points it costs; amber is only for a card that costs a little and keeps the outcome
  const thresholds = (values && values.thresholds) || view.thresholds || [];
  const levelOf = (v) => thresholds.filter((t) => v >= t).length;
  // a review names its best cards: where only the level pays (Scharwenzel's "für die ersten"), a best
  // card may take fewer tricks than another, and a card of the most tricks may lose the level
  const bestCards = values && values.best ? new Set(values.best) : null;
  for (let seat = 0; seat < view.hands.length; seat++) {
    const box = document.createElement("div");
    box.className = `seat seat-${seat}` + (places ? ` at-${places[seat]}` : "") + (seat === view.to_move ? " to-move" : "");
    const label = document.createElement("div");
    label.className = "seat-label";
    const role = seat === view.declarer ? (isRamsch(view) ? " (under study)" : " (declarer)")
      : view.party.includes(seat) ? " (partner)" : "";
    label.innerHTML = `<b>seat ${seat}</b>${role}${seat === view.to_move ? " — to play" : ""}`;
    const hand = document.createElement("div");
    hand.className = "hand";
    for (const c of view.hands[seat] || []) {
      const legal = seat === view.to_move && view.legal.includes(c);
      const slot = document.createElement("div");
      slot.className = "slot";
      const el = cardElement(c, { tag: legal && onPlay ? "button" : "span", deckName });
      if (legal) el.classList.add("legal");
      if (highlight === c) el.classList.add("now");
      if (legal && onPlay) { el.type = "button"; el.onclick = () => onPlay(c); }
      slot.append(el);
      if (legal && values && values.moves && c in values.moves) {
        const v = values.moves[c];
        const loss = Math.abs(best - v);
        const badge = document.createElement("div");
        const isBest = bestCards ? bestCards.has(c) : loss === 0;
        // a worse outcome: another level, or (by the review's verdict) the best value but not a best card
        const turns = !isBest && (levelOf(v) !== levelOf(best) || (bestCards !== null && loss === 0));
        badge.className = "val " + (isBest ? "best" : loss < scale && !turns ? "close" : "bad");
        badge.textContent = v;
        badge.title = isBest ? "best" : loss === 0 ? "as many as the best card, but a worse outcome"
          : `${loss} worse than the best card` + (turns ? ", and a worse outcome" : "");
        slot.append(badge);
      }
      hand.append(slot);
    }
    if (view.hands[seat] === null) hand.textContent = "hidden";
    box.append(label, hand);
    board.append(box);
  }
  const centre = document.createElement("div");
  centre.className = "centre";
  view.trick.cards.forEach((c, i) => {
    const seat = (view.trick.leader + i) % view.hands.length;
    const el = cardElement(c, { deckName });
    el.classList.add("played", places ? `at-${places[seat]}` : `t${seat}`);
    if (highlight === c) el.classList.add("now");
    centre.append(el);
  });
  const info = document.createElement("div");
  info.className = "info";
  info.textContent = view.finished ? "all tricks played" : `trick ${view.tricks.length + 1}`;
  centre.append(info);
  board.append(centre);
}

function drawTricks(container, view) {
  container.innerHTML = "";
  view.tricks.forEach((t, i) => {
    const div = document.createElement("div");
    div.className = "trick";
    div.textContent = `${i + 1}. seat ${t.leader}: ${t.cards.join(" ")} → seat ${t.winner}`;
    container.append(div);
  });
}

// A seat select offering the seats of ``n`` players, keeping its choice where it is still a seat.
function seatChoices(select, n, extra = []) {
  const was = select.value;
  fillSelect(select, [...extra, ...[...Array(n).keys()].map((i) => [i, `seat ${i}`])]);
  if ([...select.options].some((o) => o.value === was)) select.value = was;
}
function fillSelect(select, options, value) {
  select.innerHTML = "";
  for (const [v, text] of options) {
    const o = document.createElement("option");
    o.value = v; o.textContent = text;
    select.append(o);
  }
  if (value !== undefined) select.value = value;
}

function parseSettings(text, what) {
  const out = {};
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const [k, v] = part.split("=");
    if (!k || v === undefined || v === "") throw new Error(`${what} ${JSON.stringify(part)}: expected KEY=VALUE`);
    const low = v.toLowerCase();
    out[k] = low === "true" ? true : low === "false" ? false : /^-?\d+$/.test(v) ? parseInt(v, 10) : v;
  }
  return out;
}

function b64encode(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64decode(text) {
  if (!/^[A-Za-z0-9_-]+=*$/.test(text)) throw new Error("not base64url");  // e.g. a "." copied with the link
  const bin = atob(text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
}

// ---------------------------------------------------------------------------
// 1. Announce
function setupAnnounce() {
  const picker = handPicker("an");
  const game = $("an-game");
  // the seats of the players chosen (three: three seats, and the 24 cards of Schafkopf for three);
  // Declarer "me": the viewer's own analysis, a seat: the defenders' view of that seat's contract
  const onPlayers = () => {
    const n = +$("an-players").value || 4;
    seatChoices($("an-seat"), n); seatChoices($("an-leader"), n); seatChoices($("an-declarer"), n, [["", "me"]]);
    picker.setGame(game.value, +$("an-players").value || null);
  };
  const onGame = () => {
    picker.selected.clear(); $("an-hand").value = "";
    fillSelect($("an-players"), [["", "from the hand"], ...META.games[game.value].players.map((n) => [n, `${n}`])]);
    onPlayers();
    picker.update();
  };
  game.addEventListener("change", onGame);
  $("an-players").addEventListener("change", onPlayers);
  onGame();
  $("an-run").onclick = async () => {
    clearError();
    $("an-result").innerHTML = "";
    let body;
    try {
      body = {
        game: game.value, hand: $("an-hand").value, seat: +$("an-seat").value, leader: +$("an-leader").value,
        players: +$("an-players").value || null,
        samples: $("an-samples").value === "" ? null : +$("an-samples").value, seed: +$("an-seed").value || 0,
        contracts: $("an-contracts").value, rules: parseSettings($("an-rules").value, "rule"),
        tariff: parseSettings($("an-tariff").value, "tariff"),
        play: $("an-single").checked ? "both" : "double-dummy",
        passed: $("an-passed").value,
        outbid: $("an-outbid").value,
        ranking: $("an-ranking").value,
        points_samples: $("an-points-samples").value === "" ? null : +$("an-points-samples").value,
      };
      if ($("an-declarer").value !== "") {
        body.declarer = +$("an-declarer").value;
        body.contract = $("an-contract").value.trim() || null;
      } else if ($("an-contract").value.trim()) {
        // the command line refuses --contract without --declarer: an ignored field misleads
        throw new Error("Contract is the declarer's contract: choose the Declarer seat too, or clear Contract");
      }
    } catch (e) { showError(e.message); return; }
    try {
      const r = await runJob("/api/analyze", body, { bar: $("an-bar"), cancel: $("an-cancel"), run: $("an-run"),
        status: $("an-status") });
      if (r.result.view === "defence") drawDefence(r.result);
      else drawAnalysis(r.result, $("an-plot").checked ? r.plot : null);
    } catch (e) { showError(e.message); }
  };
}

function pct(e) { return e ? `${(100 * e.mean).toFixed(1)}%` : ""; }
// x with d decimals as the command line (Python) prints it: toFixed, except that an exact tie
// (113.25 to one decimal) goes to the even digit (113.2), where toFixed rounds it up.
function fixed(x, d) {
  const exact = Math.abs(x).toFixed(20), dot = exact.indexOf(".");
  if (!/^50*$/.test(exact.slice(dot + 1 + d))) return x.toFixed(d);
  const kept = +(exact.slice(0, dot) + exact.slice(dot + 1, dot + 1 + d));
  const even = kept % 2 === 0 ? kept : kept + 1;
  return (x < 0 && even ? "-" : "") + (even / 10 ** d).toFixed(d);
}
function num(e, signed) {
  if (!e) return "";
  const s = fixed(e.mean, 1);
  return (signed && e.mean > 0 ? "+" : "") + s;
}
function ci(e, scale = 1, digits = 1) {
  return e ? `<span class="ci">${fixed(scale * e.low, digits)}…${fixed(scale * e.high, digits)}</span>` : "";
}

// The seats that passed before the announcement (--passed), as one line above either table ("" if none).
function passedNote(passed) {
  if (!passed || !passed.length) return "";
  const many = passed.length > 1;
  return `<p class="muted" id="an-passed-note">Seat${many ? "s" : ""} ${passed.join(", ")} passed: no deal gives ` +
    `${many ? "them" : "it"} a hand the announce rule announces.</p>`;
}

// Another seat's announced game the rows outbid (--outbid), as one line above the table ("" if none).
function outbidNote(outbid) {
  if (!outbid) return "";
  const order = outbid.ranking.source === "default" ? "" : ` (your table's order: ${escapeHtml(outbid.ranking.source)})`;
  return `<p class="muted" id="an-outbid-note">Seat ${outbid.seat} announced ${outbid.title}: only the ` +
    `contracts that win the auction against it, a higher game or an equal one bid first${order}.</p>`;
}

// The words of each game for the analysis table: every trick and what the value counts.
const GAME_WORDS = {
  schafkopf: { everyTrick: "Schwarz", mean: "mean points" },
  jass: { everyTrick: "match", mean: "mean points" },
  scharwenzel: { everyTrick: "all tricks", mean: "mean tricks" },
};

function drawAnalysis(a, plotUrl) {
  const out = $("an-result");
  const words = GAME_WORDS[a.game] || GAME_WORDS.schafkopf;
  const cols = [["p_win", "win"], ["p_schneider", "Schneider"], ["p_schwarz", words.everyTrick], ["p_tout", "Tout made"],
    ["p_lose_schneider", "lose Schn."], ["p_first_tricks", "first tricks"], ["p_draw", "draw"]].filter(([k]) => a.contracts.some((r) => r[k]));
  const sampled = a.contracts.every((r) => r.without_play) ? "nothing to play, no deal sampled"
    : `${a.samples} deals (seed ${a.seed})`;
  let html = `<h3>${a.hand} — seat ${a.seat}, seat ${a.leader} leads, ${sampled}</h3>`;
  html += passedNote(a.passed);
  html += outbidNote(a.outbid);
  html += `<table class="figures" id="an-table"><tr><th>contract</th><th>deals</th>`;
  // Jass: the Weis and Stöck the team writes beside its points (net of the other team's)
  const weis = a.contracts.some((r) => r.mean_weis);
  html += cols.map(([, t]) => `<th>${t}</th>`).join("") + `<th>${words.mean}</th>` +
    (weis ? `<th>Weis+Stöck</th>` : "") + `<th>payout</th></tr>`;
  for (const r of a.contracts) {
    // a Sie is won without play: it has no deals; points solved on the first K deals only say so
    const deals = r.without_play ? "no play" : r.samples;
    const firstK = r.points_samples && r.points_samples < r.samples ? ` <span class="muted">(exact on ${r.points_samples})</span>` : "";
    html += `<tr class="${r.stopped_after ? "stopped" : ""}"><td>${r.name}</td><td>${deals}</td>`;
    html += cols.map(([k]) => `<td>${pct(r[k])} ${ci(r[k], 100, 0)}</td>`).join("");
    html += `<td>${num(r.mean_points)}${firstK}</td>` + (weis ? `<td>${num(r.mean_weis, true)}</td>` : "") +
      `<td><b>${num(r.payout, true)}</b> ${ci(r.payout)}</td></tr>`;
  }
  html += `</table>`;
  if (a.stopped && a.stopped.length) {
    html += `<p class="muted">Stopped early (clearly behind): ${a.stopped.map((s) => `${nameOf(a, s.id)} after ${s.after}`).join(", ")}.</p>`;
  }
  html += singleDummy(a);
  if (a.comparisons && a.comparisons.length) {
    html += `<h3>Paired comparisons (same deals; ± half the 95% interval)</h3><ul>`;
    for (const c of a.comparisons) {
      html += `<li>${nameOf(a, c.first)} − ${nameOf(a, c.second)}: ${c.mean_difference >= 0 ? "+" : ""}${c.mean_difference.toFixed(2)}` +
        ` ${plusMinus(c.standard_error, 2)} per game over ${c.samples} deals</li>`;
    }
    html += `</ul>`;
  }
  out.innerHTML = html;
  if (plotUrl) {
    const img = document.createElement("img");
    img.className = "plot"; img.alt = "points per deal"; img.src = plotUrl;
    out.append(img);
  }
}

// The defenders' view (analyze --declarer --contract): the declaring party's figures, then the viewer's
// payout without and with Kontra and whether Kontra pays, double dummy and (with play-outs) single dummy.
function drawDefence(d) {
  const row = d.contract, sdRow = row.single_dummy && typeof row.single_dummy === "object" ? row.single_dummy : null;
  const you = d.viewer.double_dummy, sdYou = d.viewer.single_dummy;
  const hasSd = !!(sdRow || sdYou);
  let html = `<h3>${escapeHtml(d.hand)} — seat ${d.seat}; seat ${d.declarer} announced ${escapeHtml(row.name)}, ` +
    `seat ${d.leader} leads, ${d.samples} deals (seed ${d.seed})</h3>`;
  html += passedNote(d.passed);
  const share = d.role === "partner"
    ? `Seat ${d.seat} holds the called Sau: he is the declarer's partner and wins or loses what the declarer ` +
      `does; Kontra is the defenders' call, not his.`
    : `Seat ${d.seat} defends: his payout is ${escapeHtml(d.viewer.share)} of the declarer's ` +
      `(Kontra multiplies it by ${d.tariff.kontra_factor}).`;
  html += `<p class="muted" id="an-defence-share">${share}</p>`;
  html += `<table class="figures" id="an-defence"><tr><th></th><th>double dummy (${you.samples} deals)</th>` +
    (hasSd ? `<th>single dummy (${(sdYou || sdRow).samples} deals)</th>` : "") + `</tr>`;
  const line = (label, dd, sd, cls = "") => {
    html += `<tr class="${cls}"><td>${escapeHtml(label)}</td><td>${dd}</td>` + (hasSd ? `<td>${sd ?? "—"}</td>` : "") + `</tr>`;
  };
  const chance = (e) => (e ? `${pct(e)} ${ci(e, 100, 0)}` : "");
  const money = (e, bold = false) => (e ? `${bold ? "<b>" : ""}${num(e, true)}${bold ? "</b>" : ""} ${ci(e)}` : "");
  const win = row.tout ? "p_tout" : "p_win";
  line(row.tout ? "P(Tout made)" : "P(declarers win)", chance(row[win]), sdRow && chance(sdRow[win]));
  if (row.p_schneider) line("P(Schneider)", chance(row.p_schneider), sdRow && chance(sdRow.p_schneider));
  if (row.p_first_tricks) line("P(the first tricks in a row)", chance(row.p_first_tricks),
    sdRow && chance(sdRow.p_first_tricks));
  if (row.p_schwarz) line("P(Schwarz)", chance(row.p_schwarz), sdRow && chance(sdRow.p_schwarz));
  if (row.mean_points) {
    line("declarers' card points", `${num(row.mean_points)} ${ci(row.mean_points)}`,
      sdRow && sdRow.mean_points ? `${num(sdRow.mean_points)} ${ci(sdRow.mean_points)}` : null);
  }
  line("declarer's payout", money(row.payout), sdRow && money(sdRow.payout));
  line(`seat ${d.seat}'s payout`, money(you.payout, true), sdYou && money(sdYou.payout, true), "viewer");
  line("with Kontra", money(you.payout_kontra), sdYou && money(sdYou.payout_kontra), "viewer sub");
  if (d.role === "defender") {
    line("Kontra gains", money(you.kontra_gain), sdYou && money(sdYou.kontra_gain), "viewer sub");
    const verdict = (v) => (v ? `<b class="verdict">${escapeHtml(v)}</b>` : "");
    line("Kontra is", verdict(you.kontra), sdYou && verdict(sdYou.kontra), "viewer sub");
  }
  html += `</table>`;
  const diff = d.viewer.single_minus_double;
  if (diff) {
    html += `<p class="muted">Single − double dummy, seat ${d.seat}'s payout on the same deals: ` +
      `${diff.mean_difference >= 0 ? "+" : ""}${diff.mean_difference.toFixed(1)} ` +
      `${plusMinus(diff.standard_error, 1)} (95%; ${diff.samples} deals).</p>`;
  }
  $("an-result").innerHTML = html;
}

// Single-dummy figures (each player choosing from what he has seen), where the analysis has them:
// per contract row (row.single_dummy) or as one block (analysis.single_dummy).
function singleDummy(a) {
  const rows = a.contracts.filter((r) => r.single_dummy && typeof r.single_dummy === "object");
  let html = "";
  if (rows.length) {
    html += `<h3>Single dummy (each player sees only his own cards)</h3><table class="figures" id="an-single-dummy">` +
      `<tr><th>contract</th><th>deals</th><th>win</th><th>${(GAME_WORDS[a.game] || GAME_WORDS.schafkopf).mean}</th>` +
      `<th>payout</th><th>− double dummy (± 95%)</th></tr>`;
    for (const r of rows) {
      const sd = r.single_dummy, d = sd.payout_minus_double_dummy;
      html += `<tr><td>${escapeHtml(r.name)}</td><td>${sd.samples ?? ""}</td><td>${pct(sd.p_win)} ${ci(sd.p_win, 100, 0)}</td>` +
        `<td>${num(sd.mean_points)}</td><td><b>${num(sd.payout, true)}</b> ${ci(sd.payout)}</td>` +
        `<td>${d ? `${d.mean_difference >= 0 ? "+" : ""}${d.mean_difference.toFixed(1)} ${plusMinus(d.standard_error, 1)}` : ""}</td></tr>`;
    }
    html += `</table>`;
  }
  if (a.single_dummy) html += `<h3>Single dummy</h3>` + genericTable(a.single_dummy);
  return html;
}

function cell(v) {
  if (v && typeof v === "object" && "mean" in v) return `${(+v.mean).toFixed(3)} ${ci(v, 1, 3)}`;
  if (v && typeof v === "object") return escapeHtml(JSON.stringify(v));
  return escapeHtml(String(v));
}
function genericTable(data) {
  const rows = Array.isArray(data) ? data : Object.entries(data).map(([k, v]) =>
    (v && typeof v === "object" && !Array.isArray(v) && !("mean" in v)) ? { "": k, ...v } : { "": k, value: v });
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  let html = `<table class="figures" id="an-single-dummy"><tr>${keys.map((k) => `<th>${escapeHtml(k)}</th>`).join("")}</tr>`;
  for (const r of rows) html += `<tr>${keys.map((k) => `<td>${k in r ? cell(r[k]) : ""}</td>`).join("")}</tr>`;
  return html + `</table>`;
}
// A contract's title by its id, as the table above names it (the id where the analysis has no such row).
function nameOf(a, id) {
  const row = a.contracts.find((r) => r.id === id);
  return escapeHtml(row ? row.name : id);
}
// The 95 % half-width of a paired difference (the command line prints the standard error, half
// as wide: the page says which it shows); null (one deal) has none.
function plusMinus(standardError, digits) {
  return standardError == null ? "± ?" : `± ${(1.96 * standardError).toFixed(digits)}`;
}
function escapeHtml(s) { return s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch])); }

// ---------------------------------------------------------------------------
// 2. Open deal
const deal = { position: null, view: null };

function setupDeal() {
  const game = $("od-game"), contract = $("od-contract");
  const hands = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => $(`od-h${s}`));  // Scharwenzel deals to up to eight
  const target = () => +document.querySelector('input[name="od-to"]:checked').value;
  const picker = deckPicker($("od-deck"), {
    onChange(c) {
      const t = target();
      const now = hands.map((h) => parseCards(h.value));
      const owner = now.findIndex((cards) => cards.includes(c));
      if (owner >= 0) now[owner] = now[owner].filter((x) => x !== c);
      if (owner !== t) now[t].push(c);
      now.forEach((cards, s) => { hands[s].value = cards.join(" "); });
      picker.draw();
    },
  });
  picker.owner = (c) => { const s = hands.findIndex((h) => parseCards(h.value).includes(c)); return s >= 0 ? s : null; };
  hands.forEach((h) => h.addEventListener("input", () => picker.draw()));
  const onPlayers = () => {
    const n = +$("od-players").value;
    // only the seats dealt: their hand fields, the declarer and leader choices, and the cards in play
    hands.forEach((h, s) => { h.closest("label").hidden = s >= n; });
    seatChoices($("od-declarer"), n); seatChoices($("od-leader"), n);
    picker.setGame(game.value, n);
    const was = contract.value;
    fillSelect(contract, META.games[game.value].contracts.filter((c) => !c.players || c.players.includes(n))
      .map((c) => [c.name, c.title]));
    if ([...contract.options].some((o) => o.value === was)) contract.value = was;
    onContract();
  };
  const onGame = () => {
    const g = META.games[game.value];
    const letters = g.suits.split("");
    fillSelect($("od-trump"), letters.map((l, i) => [l, `${l} ${g.suit_names[i]}`]), letters[2]);
    fillSelect($("od-called"), [["", "any"], ...letters.map((l, i) => [l, `${l} ${g.suit_names[i]}`])]);
    fillSelect($("od-players"), g.players.map((n) => [n, `${n}`]), g.players.includes(4) ? 4 : g.players[0]);
    onPlayers();
  };
  const onContract = () => {
    const c = META.games[game.value].contracts.find((x) => x.name === contract.value);
    $("od-trump-l").hidden = !c.trump;
    $("od-called-l").hidden = !c.called;
    $("od-tout-l").hidden = !c.tout;
  };
  game.addEventListener("change", onGame);
  contract.addEventListener("change", onContract);
  $("od-players").addEventListener("change", onPlayers);
  onGame();
  // The settings show the position on the board (a link, a random deal), so
  // that "Start with these hands" or "Random deal" goes on from what is seen.
  const choose = (select, value) => {
    const v = value === undefined || value === null ? "" : String(value);
    if ([...select.options].some((o) => o.value === v)) { select.value = v; return true; }
    return false;
  };
  deal.showSettings = (p) => {
    if (game.value !== p.game && choose(game, p.game)) onGame();
    if ($("od-players").value !== String(p.deal.length) && choose($("od-players"), p.deal.length)) onPlayers();
    if (choose(contract, p.contract)) onContract();
    if (p.trump) choose($("od-trump"), p.trump);
    choose($("od-called"), p.called || "");
    $("od-tout").checked = !!p.tout;
    choose($("od-declarer"), p.declarer);
    choose($("od-leader"), p.leader);
    hands.forEach((h, s) => { h.value = p.deal[s] || ""; });
    picker.draw();
  };
  const settings = () => {
    const c = META.games[game.value].contracts.find((x) => x.name === contract.value);
    const body = { game: game.value, contract: contract.value, declarer: +$("od-declarer").value,
      leader: +$("od-leader").value, players: +$("od-players").value };
    if (c.trump) body.trump = $("od-trump").value;
    if (c.called && $("od-called").value) body.called = $("od-called").value;
    if (c.tout && $("od-tout").checked) body.tout = true;
    return body;
  };
  $("od-random").onclick = async () => {
    clearError();
    try {
      const view = await api("/api/deal", { ...settings(), seed: +$("od-seed").value || 0 });
      hands.forEach((h, s) => { h.value = view.position.deal[s] || ""; });
      picker.draw();
      await solveDeal(view.position);
    } catch (e) { showError(e.message); }
  };
  $("od-start").onclick = async () => {
    clearError();
    const { players, ...pos } = { ...settings(), play: [] };
    pos.deal = hands.slice(0, players).map((h) => parseCards(h.value).join(" "));
    if (pos.contract === "sauspiel" && !pos.called) { showError("choose the called Sau for a Sauspiel"); return; }
    try { await solveDeal(pos); } catch (e) {
      // the deal shown is not the one asked for: it must not stay playable
      $("od-board").innerHTML = ""; $("od-tricks").innerHTML = "";
      deal.position = deal.view = null;
      $("od-undo").disabled = $("od-best").disabled = $("od-line").disabled = true;
      showError(e.message);
    }
  };
  $("od-undo").onclick = () => {
    if (!deal.position || !deal.position.play.length) return;
    play(deal.position.play.slice(0, -1));
  };
  $("od-best").onclick = () => {
    if (deal.view && deal.view.pv && deal.view.pv.length) play([...deal.position.play, deal.view.pv[0]]);
  };
  $("od-line").onclick = () => {
    if (deal.view && deal.view.pv && deal.view.pv.length) play([...deal.position.play, ...deal.view.pv]);
  };
  $("od-link").onclick = async () => {
    if (!deal.position) return;
    try { await navigator.clipboard.writeText(location.href); $("od-status").textContent = "link copied"; }
    catch (e) { $("od-status").textContent = "copy the address bar to share this position"; }
  };
}

async function play(cards) {
  clearError();
  try { await solveDeal({ ...deal.position, play: cards }); } catch (e) { showError(e.message); }
}

async function solveDeal(position) {
  $("od-status").textContent = position.game === "jass" && !(position.play || []).length
    ? "solving… (a whole Jass deal can take half a minute)" : "solving…";
  let view;
  try { view = await api("/api/solve", { position }); }
  catch (e) { $("od-status").textContent = ""; throw e; }
  deal.position = view.position;
  deal.view = view;
  if (deal.showSettings) deal.showSettings(view.position);
  history.replaceState(null, "", `#deal=${b64encode(view.position)}`);
  drawBoard($("od-board"), view, { values: view, onPlay: (c) => play([...deal.position.play, c]) });
  drawTricks($("od-tricks"), view);
  const who = view.unit === "tricks" ? "tricks" : "points";
  // Ramsch has no declarer: the value is what the seat under study is held to (as `stichfest solve` says)
  $("od-status").textContent = isRamsch(view)
    ? (view.finished ? `${view.title}: finished — seat ${view.declarer} took ${view.value} ${who}`
      : `${view.title}: seat ${view.to_move} to play — seat ${view.declarer} (under study) holds itself to ` +
        `${view.value} ${who}`)
    : view.finished
      ? `${view.title}: finished — the declaring party has ${view.value} ${who}`
      : `${view.title}: seat ${view.to_move} to play — value ${view.value} ${who} for the declaring party`;
  $("od-undo").disabled = !view.position.play.length;
  $("od-best").disabled = $("od-line").disabled = view.finished;
}

// ---------------------------------------------------------------------------
// 3. Review
const review = { data: null, step: 0 };

function setupReview() {
  $("rv-file").addEventListener("change", async () => {
    const f = $("rv-file").files[0];
    if (f) $("rv-record").value = await f.text();
  });
  $("rv-run").onclick = async () => {
    clearError();
    // a new record replaces the old review at once: nothing of it stays to step through after an error
    $("rv-result").innerHTML = "";
    $("rv-board").innerHTML = "";
    $("rv-status").textContent = "";
    review.data = null;
    let position;
    if (!$("rv-record").value.trim()) { showError("paste a game record or upload its file first"); return; }
    try { position = JSON.parse($("rv-record").value); }
    catch (e) { showError("the game record is not valid JSON"); return; }
    const body = { position, information: $("rv-info").checked, samples: $("rv-samples").value.trim() === "" ? 100 : +$("rv-samples").value };
    try {
      const r = await runJob("/api/review", body, { bar: $("rv-bar"), cancel: $("rv-cancel"), run: $("rv-run"),
        status: $("rv-status") });
      review.data = r.result;
      review.position = r.result.position;
      const first = review.data.plays.findIndex((p) => p.mark === "??");
      review.step = first >= 0 ? first : 0;
      drawReview();
    } catch (e) { showError(e.message); }
  };
  const stepTo = (n) => {
    if (!review.data) return;
    review.step = Math.max(0, Math.min(review.data.plays.length, n));
    drawReview();
  };
  const per = () => review.data.view.hands.length;
  $("rv-prev").onclick = () => review.data && stepTo(Math.ceil(review.step / per()) * per() - per());
  $("rv-next").onclick = () => review.data && stepTo(Math.floor(review.step / per()) * per() + per());
  $("rv-back").onclick = () => review.data && stepTo(review.step - 1);
  $("rv-fwd").onclick = () => review.data && stepTo(review.step + 1);
  review.stepTo = stepTo;
}

function markHtml(mark) {
  return mark ? `<span class="mark${/^!/.test(mark) ? " good" : ""}">${escapeHtml(mark)}</span>` : "";
}

async function drawReview() {
  const d = review.data;
  const per = d.view.hands.length;
  const plays = d.plays;
  let html = `<table class="figures" id="rv-table"><tr><th>trick</th>`;
  for (let i = 0; i < per; i++) html += `<th>${i ? `card ${i + 1}` : "lead"}</th>`;
  html += `</tr>`;
  for (let t = 0; t * per < plays.length; t++) {
    html += `<tr data-trick="${t}"><td>${t + 1}</td>`;
    plays.slice(t * per, (t + 1) * per).forEach((p, i) => {
      const k = t * per + i;
      const cost = p.cost ? ` <span class="ci">−${p.cost}</span>` : "";
      const vals = Object.entries(p.values || {}).map(([c, v]) => `${c} ${v}`).join(", ");
      html += `<td class="cardcell${k === review.step ? " now" : ""}" data-step="${k}" title="${escapeHtml(vals)}">` +
        `seat ${p.seat}: <b>${escapeHtml(p.card)}</b>${markHtml(p.mark)}` +
        // a double-dummy mark the player's information withdrew stays visible, in brackets, as the CLI shows it
        (p.dd_mark && !p.mark ? `<span class="ci">(${escapeHtml(p.dd_mark)})</span>` : "") + `${cost}</td>`;
    });
    html += `</tr>`;
  }
  html += `</table>`;
  const blunders = plays.filter((p) => p.mark === "??").length, mistakes = plays.filter((p) => p.mark === "?").length;
  const unit = d.view.unit;
  const amount = (n) => `${n} ${n === 1 && unit === "tricks" ? "trick" : unit}`;
  let summary = `${plays.length} cards reviewed: ${blunders} × ??, ${mistakes} × ?. Value before the first card ${d.value}, ` +
    `after the last ${d.final} ${unit} (${isRamsch(d.view) ? `seat ${d.view.declarer}, under study` : "declaring party"}).`;
  let detail = "";
  const p = plays[review.step];
  if (p) {
    const best = (p.best || []).map((c) => `${c} ${p.values[c]}`).join(", ");
    detail = `Card ${review.step + 1} (trick ${Math.floor(review.step / per) + 1}): seat ${p.seat} played ${p.card} ` +
      `${p.mark || ""} — ${p.values[p.card]} ${unit} for ${isRamsch(d.view) ? `seat ${d.view.declarer}` : "the declaring party"}` +
      // counted in tricks, a best card (of the best level) may still give up a trick that pays nothing
      ((p.best || []).includes(p.card) ? ", a best card" + (p.cost ? ` (${amount(p.cost)} fewer than the most, which pay nothing)` : "")
        : p.cost ? `, ${p.cost} worse than the best (${best})`
        : p.mark === "??" ? ", as good as the best by the value but a worse outcome" : ", a best card") +
      (p.level && p.level.best !== p.level.played ?
        `; declarers ${p.level.best_name || p.level.best} → ${p.level.played_name || p.level.played}` : "") + "." +
      (p.information ? ` From what he saw (${p.information.samples} deals): best ${p.information.best}, ` +
        `this card costs ${(+p.information.cost).toFixed(1)} ± ${(+p.information.stderr).toFixed(1)}` +
        (p.dd_mark && !p.mark ? `, so the double-dummy ${p.dd_mark} is withdrawn: no player could have known.` : ".")
        : "");
  } else {
    detail = "End of the record.";
  }
  $("rv-result").innerHTML = `<p id="rv-summary">${escapeHtml(summary)}</p><p id="rv-detail" class="question">` +
    `${escapeHtml(detail)}</p>` + html;
  $("rv-result").querySelectorAll("td[data-step]").forEach((td) => { td.onclick = () => review.stepTo(+td.dataset.step); });
  try {
    const view = await api("/api/view", { position: { ...review.position, play: review.position.play.slice(0, review.step) } });
    let values = null;
    if (p) {
      // the side comes with the play (best[0] need not hold the extreme value where only the level pays)
      values = { moves: p.values, maximizing: p.maximizing ? [view.to_move] : [], best: p.best || null };
    }
    drawBoard($("rv-board"), view, { values, highlight: p ? p.card : null });
  } catch (e) { showError(e.message); }
}

// ---------------------------------------------------------------------------
// 4. Tout and puzzles
function setupTout() {
  const picker = handPicker("to");
  picker.setGame("schafkopf");
  picker.update();
  fillSelect($("to-contract"), META.tout_contracts.map((c) => [c, c]));
  const g = META.games.schafkopf;
  fillSelect($("to-trump"), [["", "—"], ...g.suits.split("").map((l, i) => [l, `${l} ${g.suit_names[i]}`])]);
  $("to-run").onclick = async () => {
    clearError();
    $("to-result").innerHTML = "";
    // a trump only where the contract names one (a Wenz or Geier takes none)
    const named = META.games.schafkopf.contracts.find((c) => c.name === $("to-contract").value);
    const body = { contract: $("to-contract").value, hand: $("to-hand").value, seat: +$("to-seat").value,
      leader: +$("to-leader").value, trump: named && named.trump ? $("to-trump").value || null : null,
      target: $("to-target").value.trim() || null, samples: +$("to-samples").value || 0 };
    try {
      const r = (await runJob("/api/tout", body, { bar: $("to-bar"), cancel: $("to-cancel"), run: $("to-run") })).result;
      const verdict = r.guaranteed ? "Guaranteed" : "Not guaranteed";
      $("to-result").innerHTML = `<p class="question" id="to-verdict">${verdict}</p><pre class="text">${escapeHtml(r.text)}</pre>`;
    } catch (e) { showError(e.message); }
  };

  const game = $("pz-game");
  const onGame = () => {
    const gg = META.games[game.value];
    fillSelect($("pz-contract"), [["", "any"], ...gg.contracts.filter((c) => c.name !== "ramsch").map((c) => [c.name, c.title])]);
    const goals = { schafkopf: ["61", "91", "tout"], jass: ["points", "match"], scharwenzel: ["majority", "tout"] }[game.value];
    fillSelect($("pz-goal"), [["", "any"], ...goals.map((x) => [x, x])]);
  };
  game.addEventListener("change", onGame);
  onGame();
  let puzzle = null;
  $("pz-run").onclick = async () => {
    clearError();
    $("pz-answer").textContent = ""; $("pz-svg").innerHTML = ""; $("pz-question").textContent = "";
    $("pz-reveal").disabled = true;
    $("pz-board").innerHTML = "";  // the last puzzle's board must not answer for the next one
    const body = { game: game.value, contract: $("pz-contract").value || null, goal: $("pz-goal").value || null,
      tricks: $("pz-tricks").value.trim() === "" ? 4 : +$("pz-tricks").value, seed: +$("pz-seed").value || 0, difficulty: $("pz-difficulty").value || null };
    try {
      puzzle = (await runJob("/api/puzzle", body, { bar: $("pz-bar"), cancel: $("pz-cancel"), run: $("pz-run") })).result;
    } catch (e) { showError(e.message); return; }
    $("pz-question").textContent = `${puzzle.intro} ${puzzle.question}`;
    $("pz-reveal").disabled = false;
    $("pz-reveal").onclick = reveal;
    drawBoard($("pz-board"), puzzle.view, { compact: true, onPlay: tryCard });
  };
  const tryCard = (c) => {
    const v = puzzle.moves[c];
    $("pz-answer").textContent = c === puzzle.solution
      ? `${c}: right — it reaches the goal (${v}).`
      : `${c}: no — after it best play gives ${v}. Try another card.`;
    drawBoard($("pz-board"), puzzle.view, { compact: true, onPlay: tryCard, highlight: c });
  };
  const reveal = () => {
    $("pz-answer").textContent = `Solution: ${puzzle.solution}. Line: ${puzzle.line.join(" ")}. ` +
      `Every card: ${Object.entries(puzzle.moves).map(([c, v]) => `${c} ${v}`).join(", ")}.`;
    $("pz-svg").innerHTML = puzzle.svg;
    drawBoard($("pz-board"), puzzle.view, { compact: true, values: { moves: puzzle.moves, thresholds: [puzzle.target],
      maximizing: puzzle.view.party.includes(puzzle.view.to_move) ? [puzzle.view.to_move] : [] }, highlight: puzzle.solution });
  };
}

// ---------------------------------------------------------------------------
function showView(name) {
  document.querySelectorAll(".view").forEach((v) => { v.hidden = v.id !== `view-${name}`; });
  document.querySelectorAll("#tabs button").forEach((b) => b.classList.toggle("active", b.dataset.view === name));
  clearError();
}

async function main() {
  try { META = await api("/api/meta"); } catch (e) { showError(e.message); return; }
  document.querySelectorAll(".game-select").forEach((s) => fillSelect(s, Object.keys(META.games).map((g) => [g, g])));
  document.querySelectorAll(".seat-select").forEach((s) => fillSelect(s, [0, 1, 2, 3].map((i) => [i, `seat ${i}`])));
  document.querySelectorAll("#tabs button").forEach((b) => { b.onclick = () => showView(b.dataset.view); });
  setupAnnounce();
  setupDeal();
  setupReview();
  setupTout();
  if (!META.review) $("rv-status").textContent = "review needs a newer stichfest (stichfest.analysis.review)";
  // Enter in a field runs its form's button: the one its container names (data-enter: Open deal's
  // settings deal at random), else the nearest main button in sight (not one in a closed section)
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" || !(ev.target instanceof HTMLInputElement) || ev.target.type === "checkbox") return;
    for (let el = ev.target.parentElement; el; el = el.parentElement) {
      const run = el.dataset.enter ? $(el.dataset.enter)
        : [...el.querySelectorAll("button.primary")].find((b) => b.offsetParent !== null);
      if (run) { if (!run.disabled) { ev.preventDefault(); run.click(); } return; }
    }
  });
  await openLink();
  // a link pasted into this tab changes only the address's #: show its position too
  window.addEventListener("hashchange", openLink);
  document.body.dataset.ready = "1";
}

// The position a #deal= link holds, in Open deal.
async function openLink() {
  const m = location.hash.match(/^#deal=(.*)$/);
  if (!m) return;
  showView("deal");
  let linked;
  try { linked = b64decode(m[1]); }
  catch (e) { showError("the link's position could not be read: the address is cut short or changed"); return; }
  if (linked === null || typeof linked !== "object" || Array.isArray(linked)) {
    showError("the link holds no position (a JSON object)");
    return;
  }
  try { await solveDeal(linked); } catch (e) { showError(`the position in the address: ${e.message}`); }
}

document.addEventListener("DOMContentLoaded", main);
