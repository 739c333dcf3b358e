// The board's page: opens a session with Telegram's signed initData, draws the snapshot of one game, plays taps as
// the seat's buttons, and refetches when the server nudges (server-sent events; a slow poll if they fail).
// Every text from the server is set with textContent: names in any script are shown as written, never as markup.
"use strict";
(function () {
  const tg = window.Telegram && window.Telegram.WebApp;
  const POLL_MS = 15000;
  const state = { token: "", game: 0, group: false, level: "", version: -1, prompt: 0, labels: {}, busy: false };
  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function fail(text) {
    $("error").textContent = text;
    $("error").hidden = false;
  }

  async function api(path, options) {
    const opts = Object.assign({ headers: {} }, options || {});
    if (state.token) opts.headers.Authorization = "Bearer " + state.token;
    if (opts.body) opts.headers["Content-Type"] = "application/json";
    const response = await fetch("api/" + path, opts);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(data.error || String(response.status));
      error.status = response.status;
      throw error;
    }
    return data;
  }

  function showHelp(title, text) {
    $("sheet-title").textContent = title;
    $("sheet-text").textContent = text;
    $("sheet").hidden = false;
  }

  function card(face) {
    const node = el("button", "card tone-" + face.tone.replace(/[^a-z_]/g, ""));
    node.type = "button";
    node.appendChild(el("span", "card-label", face.label));
    node.addEventListener("click", () => showHelp(face.label, face.help));
    return node;
  }

  function figure(f) {
    const node = el("div", "figure");
    const head = el("button", "figure-name", (f.place ? f.place + " " : "") + f.name);
    head.type = "button";
    head.addEventListener("click", () => showHelp(f.name, f.help));
    node.appendChild(head);
    if (f.bar) node.appendChild(el("div", "bar", f.bar));
    if (f.cards.length) {
      const cards = el("div", "cards small");
      f.cards.forEach((c) => cards.appendChild(card(c)));
      node.appendChild(cards);
    }
    return node;
  }

  function seat(s) {
    const node = el("article", "seat");
    if (s.you) node.classList.add("you");
    if (s.turn) node.classList.add("turn");
    if (s.awaited) node.classList.add("awaited");
    if (!s.alive) node.classList.add("out");
    const head = el("header", "seat-head");
    if (s.star) head.appendChild(el("span", "star", state.look.star));
    head.appendChild(el("strong", "name", s.name));
    if (s.role) head.appendChild(el("span", "role", s.role));
    node.appendChild(head);
    const meta = el("div", "meta");
    if (s.turn) meta.appendChild(el("span", "badge turn-badge", state.labels.yourTurn && s.you ? state.labels.yourTurn : "▶"));
    if (s.awaited && !s.turn) meta.appendChild(el("span", "badge awaited-badge", state.labels.awaited));
    meta.appendChild(el("span", "hand-count", "🂠 " + s.hand));
    if (s.distance) {
      const reach = s.in_range ? state.labels.inRange : state.labels.outOfRange;
      meta.appendChild(el("span", "distance " + (s.in_range ? "in" : "far"), s.distance + " · " + reach));
    }
    node.appendChild(meta);
    s.figures.forEach((f) => node.appendChild(figure(f)));
    s.notes.forEach((n) => node.appendChild(el("div", "note", n)));
    return node;
  }

  function pile(p) {
    const node = el("div", "pile");
    node.appendChild(el("div", "pile-back", String(p.count)));
    node.appendChild(el("div", "pile-label", p.label));
    if (p.top) node.appendChild(card(p.top));
    return node;
  }

  function menu(m) {
    const box = $("buttons");
    box.replaceChildren();
    $("menu").hidden = !m;
    if (!m) return;
    $("question").textContent = m.question;
    m.rows.forEach((row) => {
      const line = el("div", "row");
      row.forEach((b) => {
        const button = el("button", "choice", b.label);
        button.type = "button";
        button.dataset.choice = b.choice;
        button.addEventListener("click", () => choose(b.choice));
        line.appendChild(button);
      });
      box.appendChild(line);
    });
  }

  function draw(data) {
    const b = data.board;
    state.labels = data.labels;
    state.look = b.look;
    state.version = data.version;
    state.prompt = data.prompt;
    document.documentElement.style.setProperty("--accent", b.look.accent);
    document.documentElement.style.setProperty("--felt", b.look.felt);
    $("title").textContent = data.game;
    $("turn").textContent = data.labels.turn.replace("{n}", String(b.turn_number));
    $("status").textContent = b.status;
    $("table").replaceChildren(...b.seats.map(seat));
    $("piles").replaceChildren(...b.piles.map(pile));
    $("role").textContent = b.role;
    $("hand-title").textContent = data.viewer === null ? "" : data.labels.hand;
    $("hand").replaceChildren(...b.hand.map(card));
    $("own-title").textContent = b.own.length ? b.own_label : "";
    $("own").replaceChildren(...b.own.map(figure));
    $("mine").hidden = data.viewer === null;
    menu(data.menu);
    $("log-title").textContent = data.labels.log;
    $("log").replaceChildren(...data.log.map((line) => el("li", "", line)));
    const sw = $("switch");
    sw.hidden = !data.seated;
    sw.textContent = state.group ? data.labels.seat : data.labels.group;
    document.body.dataset.version = String(data.version);
    document.body.dataset.viewer = data.viewer === null ? "group" : String(data.viewer);
  }

  async function refresh() {
    const query = "?level=" + encodeURIComponent(state.level) + (state.group ? "&view=group" : "");
    try {
      draw(await api("games/" + state.game + query));
      $("error").hidden = true;
    } catch (error) {
      fail(error.message);
    }
  }

  async function choose(choice) {
    if (state.busy) return;
    if (choice === "x" || choice === "") {
      state.level = "";
    } else if (choice.startsWith("a") || choice.startsWith("i")) {
      state.busy = true;
      try {
        const answer = await api("games/" + state.game + "/press", {
          method: "POST",
          body: JSON.stringify({ choice: choice, prompt: state.prompt }),
        });
        if (answer.text) showHelp("", answer.text);
        if (!choice.startsWith("i")) state.level = "";
      } catch (error) {
        fail(error.message);
      } finally {
        state.busy = false;
      }
    } else {
      state.level = choice;
    }
    await refresh();
  }

  function listen() {
    const url = "api/games/" + state.game + "/events?t=" + encodeURIComponent(state.token) + (state.group ? "&view=group" : "");
    if (state.source) state.source.close();
    const source = new EventSource(url);
    state.source = source;
    source.addEventListener("version", (event) => {
      $("offline").hidden = true;
      if (Number(event.data) !== state.version) refresh();
    });
    source.addEventListener("error", () => {
      $("offline").textContent = state.labels.offline || "…";
      $("offline").hidden = false;
    });
  }

  function startParam() {
    const query = new URLSearchParams(location.search);
    if (query.get("game")) return { game: Number(query.get("game")), group: query.get("view") === "group" };
    const start = (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || "";
    const match = /^g(\d+)$/.exec(start);
    return match ? { game: Number(match[1]), group: false } : null;
  }

  // Opened from the private chat's menu button: the one game the user sits at, or a list of them to choose from.
  async function pick() {
    const games = await api("games").catch(() => []);
    if (games.length === 1) return { game: games[0].id, group: false };
    const list = el("div", "row");
    games.forEach((g) => {
      const button = el("button", "choice", g.game + " — " + g.title);
      button.type = "button";
      button.addEventListener("click", () => { location.search = "?game=" + g.id; });
      list.appendChild(button);
    });
    $("buttons").replaceChildren(list);
    return null;
  }

  async function main() {
    if (tg) {
      tg.ready();
      tg.expand();
    }
    $("sheet-close").addEventListener("click", () => { $("sheet").hidden = true; });
    $("sheet").addEventListener("click", (event) => { if (event.target === $("sheet")) $("sheet").hidden = true; });
    $("switch").addEventListener("click", () => { state.group = !state.group; state.level = ""; listen(); refresh(); });
    const language = tg && tg.initDataUnsafe && tg.initDataUnsafe.user ? tg.initDataUnsafe.user.language_code : "";
    try {
      const session = await api("session", {
        method: "POST",
        body: JSON.stringify({ init_data: tg ? tg.initData : "", language: language || "" }),
      });
      state.token = session.token;
      $("sheet-close").textContent = session.labels.close;
    } catch (error) {
      fail(error.message);
      return;
    }
    const wanted = startParam() || (await pick());
    if (!wanted) return;
    state.game = wanted.game;
    state.group = wanted.group;
    await refresh();
    listen();
    setInterval(() => { if (!state.source || state.source.readyState !== 1) refresh(); }, POLL_MS);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  }

  main();
})();
