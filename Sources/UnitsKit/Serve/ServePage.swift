/// The page `units serve` sends, embedded in the binary: no request path
/// ever reaches the file system. The page draws what `/api/today` returns
/// (the `units today --json` report) and computes no figure of its own;
/// every piece of journal text goes into the page as a text node.
public enum ServePage {
    /// The app page, with this response's anti-CSRF token and script nonce.
    public static func app(csrf: String, nonce: String, readOnly: Bool, feed: String) -> String {
        template
            .replacing("{{CSRF}}", with: csrf)
            .replacing("{{FEED}}", with: feed)
            .replacing("{{NONCE}}", with: nonce)
            .replacing("{{READONLY}}", with: readOnly ? "true" : "false")
            .replacing("{{PIN_LIMIT}}", with: String(TaskPin.dailyLimit))
    }

    /// What a browser without a token sees: how to pair, no journal data.
    public static func pairing(note: String) -> String {
        smallPage("pair this device", """
            <h1>Pair this device</h1>
            <p>This is <b>units serve</b>. Open the pairing link it printed in the terminal (or scan its QR code) on this device; the link works once, and this browser then stays paired.</p>
            \(note.isEmpty ? "" : "<p class=note>\(note)</p>")
            """)
    }

    /// The answer to a pairing link that worked.
    public static func paired(name: String) -> String {
        smallPage("paired", """
            <h1>Paired</h1>
            <p>This browser is now the device <b>\(name)</b>. <code>units serve --revoke \(name)</code> unpairs it.</p>
            <p><a id=open href="/">Open today</a></p>
            """)
    }

    /// A page of a few lines in `smallStyle`, titled `units: TITLE`.
    static func smallPage(_ title: String, _ body: String) -> String {
        """
        <!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1">
        <title>units: \(title)</title><style>\(smallStyle)</style></head><body><main>
        \(body)
        </main></body></html>

        """
    }

    static let smallStyle = """
        body{font:17px/1.5 Georgia,serif;background:#FBF7EE;color:#1F2A44;margin:0}main{max-width:32em;margin:auto;padding:1.5em}
        a{color:#1F2A44;display:inline-block;min-height:44px;line-height:44px;font-weight:bold}.note{color:#8A5A00}
        @media (prefers-color-scheme:dark){body{background:#15181F;color:#E8E4D8}a{color:#E8E4D8}.note{color:#E0B050}}
        """

    public static let manifest = """
        {
          "name": "units",
          "short_name": "units",
          "start_url": "/",
          "scope": "/",
          "display": "standalone",
          "background_color": "#FBF7EE",
          "theme_color": "#1F2A44",
          "icons": [{"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
        }

        """

    public static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1F2A44"/>\
        <rect x="14" y="36" width="16" height="14" rx="2" fill="#D4A028"/><rect x="34" y="36" width="16" height="14" rx="2" fill="#5B9A5F"/>\
        <rect x="24" y="18" width="16" height="14" rx="2" fill="#FBF7EE"/></svg>

        """

    static let template = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="apple-mobile-web-app-capable" content="yes">
    <meta name="mobile-web-app-capable" content="yes">
    <meta name="apple-mobile-web-app-title" content="units">
    <meta name="theme-color" content="#FBF7EE" media="(prefers-color-scheme: light)">
    <meta name="theme-color" content="#15181F" media="(prefers-color-scheme: dark)">
    <meta name="units-csrf" content="{{CSRF}}">
    <link rel="manifest" href="/manifest.webmanifest">
    <link rel="icon" href="/icon.svg">
    <link rel="apple-touch-icon" href="/icon.svg">
    <title>units · Today</title>
    <style nonce="{{NONCE}}">
    :root{--bg:#FBF7EE;--card:#FFFDF7;--ink:#1F2A44;--muted:#6B7080;--rule:#E4DCC8;--amber:#D4A028;--teal:#2A8C8C;--green:#5B9A5F;--pace:#E6B800}
    @media (prefers-color-scheme:dark){:root{--bg:#15181F;--card:#1E222B;--ink:#E8E4D8;--muted:#9A9FAD;--rule:#2E3440;--amber:#E0B050;--teal:#4FB3B3;--green:#7DBF80}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--ink);font:17px/1.4 Georgia,"Times New Roman",serif;padding:env(safe-area-inset-top) 0 env(safe-area-inset-bottom)}
    main{max-width:40rem;margin:0 auto;padding:1rem 1rem 6rem}
    h1{font-size:1.8rem;margin:.2rem 0 0}
    .date{color:var(--muted);margin:0 0 .6rem}
    .bar{border-radius:12px;padding:.7rem 1rem;margin:.6rem 0;background:color-mix(in srgb,var(--amber) 22%,var(--bg))}
    .bar.good{background:color-mix(in srgb,var(--green) 25%,var(--bg))}
    .counter{font-size:1.05rem;margin:.4rem 0}
    h2{font-size:.95rem;text-transform:uppercase;letter-spacing:.06em;margin:1.4rem 0 .4rem;color:var(--muted)}
    h2.must{color:var(--amber)} h2.only{color:var(--teal)}
    .badge{display:inline-block;min-width:1.6em;padding:0 .4em;border-radius:1em;background:var(--teal);color:var(--bg);text-align:center;font-size:.8rem}
    ul{list-style:none;margin:0;padding:0}
    li.row{display:flex;align-items:center;gap:.5rem;padding:.35rem .2rem;border-bottom:1px solid var(--rule);min-height:52px;flex-wrap:wrap}
    .name{flex:1;min-width:8rem;overflow-wrap:anywhere}
    .sub{display:block;color:var(--muted);font-size:.85rem}
    .struck .name{text-decoration:line-through;opacity:.6}
    .done li.row{opacity:.55}.done .name{text-decoration:line-through}
    button,input{font:inherit;color:inherit}
    button{min-width:44px;min-height:44px;border-radius:10px;border:1px solid var(--rule);background:var(--card);padding:0 .8rem;cursor:pointer}
    button.primary{background:var(--ink);color:var(--bg);border-color:var(--ink)}
    button:focus-visible,input:focus-visible{outline:3px solid var(--teal);outline-offset:2px}
    button:disabled{opacity:.4;cursor:default}
    .pace{display:inline-block;width:.6em;height:.6em;border-radius:50%;background:var(--pace);margin-left:.3em;vertical-align:middle}
    .pending{color:var(--teal);font-size:.85rem;margin-left:.3em}
    .more{display:flex;gap:.4rem;width:100%;justify-content:flex-end}
    .more[hidden]{display:none}
    form.add{display:flex;gap:.5rem;margin-top:.6rem}
    .more input{width:6rem;min-height:44px;border:1px solid var(--rule);border-radius:10px;background:var(--card);padding:0 .5rem}
    form.add input{flex:1;min-height:44px;border:1px dashed var(--muted);border-radius:10px;background:var(--card);padding:0 .7rem}
    .empty{color:var(--muted);font-style:italic;padding:.4rem .2rem}
    #problem{background:color-mix(in srgb,var(--amber) 30%,var(--bg));border-radius:10px;padding:.7rem 1rem;white-space:pre-wrap;overflow-wrap:anywhere}
    #problem[hidden],#queue[hidden]{display:none}
    #queue{color:var(--teal);margin:.4rem 0}
    .views a{display:inline-block;min-height:44px;line-height:44px;color:var(--ink)}
    footer{position:fixed;left:0;right:0;bottom:0;background:var(--bg);border-top:1px solid var(--rule);padding:.5rem 1rem calc(.5rem + env(safe-area-inset-bottom));display:flex;gap:.6rem;align-items:center}
    #toast{flex:1;font-size:.9rem;color:var(--muted);overflow-wrap:anywhere}
    .pile{margin:.6rem 0}
    .tray{display:flex;flex-wrap:wrap-reverse;gap:3px;align-content:flex-start;padding:4px;min-height:28px;max-width:17rem;border:1px solid var(--rule);border-top:none;border-radius:0 0 8px 8px}
    .blk{width:18px;height:18px;display:inline-block}
    .s0{border-radius:3px}.s1{clip-path:polygon(50% 0,100% 100%,0 100%)}.s2{border-radius:50%}.s3{clip-path:polygon(50% 0,100% 50%,50% 100%,0 50%)}
    .s4{clip-path:polygon(0 0,100% 0,50% 100%)}.s5{clip-path:polygon(50% 0,61% 35%,98% 35%,68% 57%,79% 91%,50% 70%,21% 91%,32% 57%,2% 35%,39% 35%)}
    .s6{clip-path:polygon(50% 0,80% 50%,50% 100%,20% 50%)}.s7{clip-path:inset(15%)}
    .legend{display:flex;flex-wrap:wrap;gap:.2rem .8rem;font-size:.85rem;color:var(--muted);margin:.3rem 0 0;padding:0}
    .legend .blk{width:.8em;height:.8em;margin-right:.25em;vertical-align:baseline}
    a.views-link{display:inline-block;min-width:44px;min-height:44px;line-height:44px;text-align:center;color:var(--muted);text-decoration:none}
    form.add select,form.add input.estimate{min-height:44px;border:1px solid var(--rule);border-radius:10px;background:var(--card);padding:0 .4rem;font:inherit;color:inherit}
    form.add input.estimate{flex:0 0 4.2rem}
    form.add{flex-wrap:wrap}
    button.pin{opacity:.45}button.pin.on{opacity:1;border-color:var(--teal)}
    form.add label.pin-today{display:inline-flex;align-items:center;gap:.4rem;min-height:44px;min-width:44px;padding:0 .4rem;cursor:pointer}
    form.add input.pin-today{flex:none;width:1.4rem;height:1.4rem;min-height:0;margin:0;accent-color:var(--teal)}
    </style>
    </head>
    <body>
    <main>
    <header>
    <h1>Today</h1>
    <p class="date" id="date"></p>
    </header>
    <div id="problem" role="alert" hidden></div>
    <div id="queue" role="status" hidden></div>
    <div id="view" aria-live="polite"></div>
    <p class="views"><a href="/views">Every view: the pile, walls, heatmaps, history, insights, receipt →</a></p>
    <p class="views"><a href="/views#year">The year</a> · <a href="/views#history">History</a> · <a href="/views#insights">Insights</a> · <a href="/views#receipt">Receipt</a></p>
    <p class="views"><a href="{{FEED}}">Reminders: subscribe to this link in your phone's calendar →</a></p>
    </main>
    <footer>
    <button id="undo" type="button" aria-label="Undo the last write">↶ Undo</button>
    <span id="toast" role="status" aria-live="polite"></span>
    </footer>
    <script nonce="{{NONCE}}">
    "use strict";
    const CSRF = document.querySelector('meta[name="units-csrf"]').content;
    const SERVER_READ_ONLY = {{READONLY}};
    const PIN_LIMIT = {{PIN_LIMIT}};
    const QUEUE_KEY = "units-queue";
    const BURST_MS = 700;
    let data = null, version = null, bursts = new Map(), sending = false, retryTimer = null;
    const expanded = new Set();   // check habits whose KINDA/NO/SKIP row is open

    function el(tag, props, ...children) {
      const node = document.createElement(tag);
      for (const [key, value] of Object.entries(props || {})) {
        if (key === "text") node.textContent = value;
        else if (key === "class") node.className = value;
        else if (key === "on") node.addEventListener("click", value);
        else node.setAttribute(key, value);
      }
      for (const child of children) if (child) node.append(child);
      return node;
    }
    function newId() {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      return Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
    }
    function queue() { try { return JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]"); } catch (e) { return []; } }
    function saveQueue(items) { localStorage.setItem(QUEUE_KEY, JSON.stringify(items)); showQueue(); }
    function toast(text) { document.getElementById("toast").textContent = text; }
    function readOnly() { return SERVER_READ_ONLY || !data || data.readOnly || !data.report; }

    function showQueue() {
      const items = queue(), box = document.getElementById("queue");
      box.hidden = items.length === 0;
      box.textContent = items.length === 1 ? "1 change waiting to be sent" : items.length + " changes waiting to be sent";
    }

    // A write: queued first (so a tap survives a closed page or a lost
    // network), then sent in order; each carries its id and its day.
    function enqueue(change) {
      if (readOnly()) { toast("Read-only: nothing can be written from here."); return; }
      change.id = newId();
      change.at = new Date().toISOString();
      if (!change.day && data && data.report) change.day = data.report.today;
      const items = queue();
      items.push(change);
      saveQueue(items);
      flush();
    }

    async function flush() {
      if (sending) return;
      sending = true;
      try {
        for (;;) {
          const items = queue();
          if (items.length === 0) break;
          const change = items[0];
          // A correction or an undo is checked against the newest view.
          if (change.guarded) change.version = version;
          let response;
          try {
            response = await fetch("/api/write", {method: "POST", credentials: "same-origin", cache: "no-store",
              headers: {"Content-Type": "application/json", "X-Units-CSRF": CSRF}, body: JSON.stringify(change)});
          } catch (e) {
            toast("Offline: kept on this device, sent when the server is back.");
            clearTimeout(retryTimer);
            retryTimer = setTimeout(flush, 3000);
            break;
          }
          let answer = {};
          try { answer = await response.json(); } catch (e) { answer = {error: "the server answered " + response.status}; }
          // A server error or an access refusal keeps the change queued: a
          // restarted or re-paired server gets it later, never twice.
          if (response.status >= 500 || response.status === 403) {
            toast("Not sent yet: " + (answer.error || response.status) + " (kept on this device)");
            clearTimeout(retryTimer); retryTimer = setTimeout(flush, 3000); break;
          }
          const rest = queue().filter(item => item.id !== change.id);
          saveQueue(rest);
          toast(answer.ok ? (answer.message || "Written.") : ("Not written: " + (answer.error || response.status)));
          await refresh(true);
        }
      } finally {
        sending = false;
      }
      refresh(true);
    }

    function tap(habit) {
      let burst = bursts.get(habit);
      // The burst's day is the day of its first tap, whenever it is sent.
      if (!burst) { burst = {count: 0, timer: null, day: data && data.report ? data.report.today : undefined}; bursts.set(habit, burst); }
      burst.count += 1;
      clearTimeout(burst.timer);
      burst.timer = setTimeout(() => {
        bursts.delete(habit);
        enqueue({action: "log", habit: habit, value: String(burst.count), day: burst.day});
      }, BURST_MS);
      render();
    }

    async function refresh(force) {
      let response;
      try {
        response = await fetch("/api/today", {credentials: "same-origin", cache: "no-store",
          headers: (version && !force) ? {"If-None-Match": version} : {}});
      } catch (e) { return; }
      if (response.status === 304) return;
      if (response.status === 403) { location.reload(); return; }
      if (!response.ok) return;
      const tag = response.headers.get("ETag");
      const answer = await response.json();
      // The same version is the same view: drawing it again would only
      // disturb whoever is typing.
      if (data && tag && tag === version) return;
      version = tag;
      data = answer;
      render();
    }

    // The pile as the report gives it: blocks per layer in the terminal's
    // bundles, each habit's colour and shape; the first blocks at the bottom.
    function pileView(pile) {
      const bundled = pile.bundle > 1;
      const label = "Today's pile: " + pile.total + " units" + (bundled ? ", in bundles of " + pile.bundle : "");
      const tray = el("div", {class: "tray", role: "img", "aria-label": label, id: "pile"});
      const legend = el("ul", {class: "legend"});
      for (const layer of pile.layers) {
        const color = /^#[0-9a-fA-F]{6}$/.test(layer.color) ? layer.color : "#9e9e9e";
        const shape = "blk s" + (Number.isInteger(layer.shape) ? layer.shape % 8 : 0);
        for (let k = 0; k < Math.min(layer.blocks, 60); k++) {
          const block = el("span", {class: shape, "data-habit": layer.name});
          block.style.background = color;
          tray.append(block);
        }
        const swatch = el("span", {class: shape});
        swatch.style.background = color;
        legend.append(el("li", {}, swatch, el("span", {text: layer.name + " " + layer.units})));
      }
      const box = el("div", {class: "pile"}, tray, legend);
      if (bundled) box.append(el("p", {class: "sub", text: "each block is a bundle of " + pile.bundle + " units (×" + pile.bundle + ")"}));
      return box;
    }

    // The habit's wall, chips and heatmap on the views page.
    function viewsLink(name, part) {
      return el("a", {class: "views-link", href: "/views?part=" + part + "&name=" + encodeURIComponent(name),
        "aria-label": "Views of " + name, text: "▦"});
    }

    function habitRow(h) {
      const burst = bursts.get(h.name);
      const label = el("span", {class: "name"}, el("span", {text: h.title}));
      if (h.underPace) label.append(el("span", {class: "pace", role: "img", "aria-label": "under pace this week"}));
      if (burst) label.append(el("span", {class: "pending", text: "+" + burst.count}));
      label.append(el("span", {class: "sub", text: h.unit + " · Today " + h.today + " • Week " + h.week + " • Lifetime " + h.lifetime}));
      const add = el("button", {type: "button", class: "primary", "aria-label": "Add one " + h.unit + " to " + h.title, "data-habit": h.name, text: "+1",
        on: () => tap(h.name)});
      const minus = el("button", {type: "button", "aria-label": "Take one " + h.unit + " off " + h.title, text: "−1",
        on: () => enqueue({action: "log", habit: h.name, value: "-1", guarded: true})});
      // Several at once: a number, written as one line.
      const moreButton = el("button", {type: "button", "aria-label": "Add several " + h.unit + " to " + h.title, "aria-expanded": "false", text: "…"});
      const more = el("form", {class: "more"});
      const amount = el("input", {type: "number", inputmode: "numeric", min: "1", max: "999", step: "1", name: "amount",
        "aria-label": "How many " + h.unit + " to add to " + h.title});
      more.append(amount, el("button", {type: "submit", text: "Add"}));
      more.hidden = !expanded.has(h.name);
      moreButton.setAttribute("aria-expanded", String(!more.hidden));
      moreButton.addEventListener("click", () => {
        if (expanded.has(h.name)) expanded.delete(h.name); else expanded.add(h.name);
        more.hidden = !expanded.has(h.name);
        moreButton.setAttribute("aria-expanded", String(!more.hidden));
        if (!more.hidden) amount.focus();
      });
      more.addEventListener("submit", event => {
        event.preventDefault();
        const n = amount.value.trim();
        if (/^[1-9][0-9]{0,2}$/.test(n)) { expanded.delete(h.name); enqueue({action: "log", habit: h.name, value: n}); }
        else toast("A whole number from 1 to 999.");
      });
      if (readOnly()) { add.disabled = true; minus.disabled = true; moreButton.disabled = true; }
      if (!(h.today > 0)) minus.disabled = true;
      return el("li", {class: "row", "data-habit": h.name}, label, viewsLink(h.name, "habit"), minus, moreButton, add, more);
    }

    function checkRow(c) {
      const li = el("li", {class: "row" + (c.completed ? " struck" : ""), "data-habit": c.name});
      const label = el("span", {class: "name"}, el("span", {text: c.name}));
      if (c.kind === "group" && c.satisfiedBy.length) label.append(el("span", {class: "sub", text: "— " + c.satisfiedBy.join(", ") + " ✓"}));
      else if (c.state) label.append(el("span", {class: "sub", text: c.state.toUpperCase()}));
      else if (c.quotaMet) label.append(el("span", {class: "sub", text: "quota met this " + c.quotaMet}));
      li.append(label);
      if (c.kind === "group") {
        if (!c.satisfiedBy.length) {
          for (const option of c.options) {
            const b = el("button", {type: "button", "aria-label": "Did " + option + " (for " + c.name + ")", text: option,
              on: () => enqueue({action: "log", habit: option, value: "yes"})});
            if (readOnly()) b.disabled = true;
            li.append(b);
          }
        }
        return li;
      }
      const yes = el("button", {type: "button", class: c.state === "yes" ? "" : "primary", "aria-label": "Yes, did " + c.name, text: "✓",
        on: () => enqueue({action: "log", habit: c.name, value: "yes"})});
      const moreButton = el("button", {type: "button", "aria-label": "Other answers for " + c.name, "aria-expanded": "false", text: "…"});
      const more = el("div", {class: "more"});
      more.hidden = !expanded.has(c.name);
      moreButton.setAttribute("aria-expanded", String(!more.hidden));
      for (const state of ["kinda", "no", "skip"]) {
        const b = el("button", {type: "button", "aria-label": state + " for " + c.name, text: state.toUpperCase(),
          on: () => { expanded.delete(c.name); enqueue({action: "log", habit: c.name, value: state}); }});
        if (readOnly()) b.disabled = true;
        more.append(b);
      }
      // A habit with a goal takes a number (the goal and min make it a state).
      if (c.quantitative) {
        const form = el("form", {class: "more number"});
        const amount = el("input", {type: "number", inputmode: "decimal", min: "0", step: "any", name: "amount",
          "aria-label": "How much for " + c.name});
        const log = el("button", {type: "submit", text: "Log"});
        if (readOnly()) { amount.disabled = true; log.disabled = true; }
        form.append(amount, log);
        form.addEventListener("submit", event => {
          event.preventDefault();
          const n = amount.value.trim();
          if (/^[0-9]{1,6}(\.[0-9]{1,6})?$/.test(n)) { amount.value = ""; expanded.delete(c.name); enqueue({action: "log", habit: c.name, value: n}); }
          else toast("A number, such as 8 or 2.5.");
        });
        more.append(form);
      }
      moreButton.addEventListener("click", () => {
        if (expanded.has(c.name)) expanded.delete(c.name); else expanded.add(c.name);
        more.hidden = !expanded.has(c.name);
        moreButton.setAttribute("aria-expanded", String(!more.hidden));
      });
      if (readOnly()) { yes.disabled = true; moreButton.disabled = true; }
      li.append(viewsLink(c.name, "heatmap"), yes, moreButton, more);
      return li;
    }

    function taskRow(t) {
      // Pinned to today (the terminal's 📌): listed first by the report.
      const label = el("span", {class: "name"}, el("span", {text: (t.pinned ? "\u{1F4CC} " : "") + t.title}),
        el("span", {class: "sub", text: t.estimate + (t.estimate === 1 ? " unit" : " units") + (t.habit && t.habit !== "General" ? " · " + t.habit : "")}));
      const done = el("button", {type: "button", "aria-label": "Done: " + t.title, text: "Done",
        on: () => enqueue({action: "task-done", title: t.title})});
      const drop = el("button", {type: "button", "aria-label": "Drop: " + t.title, text: "✕",
        on: () => enqueue({action: "task-drop", title: t.title})});
      const pin = el("button", {type: "button", class: "pin" + (t.pinned ? " on" : ""), "aria-pressed": String(!!t.pinned),
        "aria-label": (t.pinned ? "Unpin: " : "Pin to today: ") + t.title, text: "\u{1F4CC}",
        on: () => enqueue({action: t.pinned ? "task-unpin" : "task-pin", title: t.title})});
      if (readOnly()) { done.disabled = true; drop.disabled = true; pin.disabled = true; }
      return el("li", {class: "row" + (t.pinned ? " pinned" : ""), "data-task": t.title}, label, pin, drop, done);
    }

    function section(title, cls, items, emptyText) {
      const list = el("ul", {});
      for (const item of items) list.append(item);
      const box = el("section", {class: cls, "aria-label": title}, el("h2", {class: cls, text: title}));
      if (items.length) box.append(list); else if (emptyText) box.append(el("p", {class: "empty", text: emptyText}));
      return box;
    }

    // What the person is typing (a task's title, what it is worth, an
    // amount), where the caret is and a box they ticked or cleared outlive
    // a redraw: a write from another device or the terminal must not wipe a
    // half-written field.
    function fieldKey(field) {
      const owner = field.closest("[data-habit]");
      const form = field.closest("form");
      return (owner ? "habit:" + owner.getAttribute("data-habit") : "form:" + (form ? form.className : "")) + "/" + field.name;
    }

    function keptFields(view) {
      const kept = new Map();
      for (const field of view.querySelectorAll("input, select")) {
        if (!field.name) continue;
        let start = null, end = null;
        try { start = field.selectionStart; end = field.selectionEnd; } catch (e) {}
        kept.set(fieldKey(field), {value: field.value, focused: field === document.activeElement, start: start, end: end,
          checkbox: field.type === "checkbox", checked: field.checked, changed: field.checked !== field.defaultChecked});
      }
      return kept;
    }

    function restoreFields(view, kept) {
      for (const field of view.querySelectorAll("input, select")) {
        const was = kept.get(fieldKey(field));
        if (!was || field.disabled) continue;
        if (was.checkbox) {
          // A box left as drawn follows the new view's default (a day that
          // now holds its 3 pins clears "Pin to today"); one the person
          // changed stays as they set it.
          if (was.changed) field.checked = was.checked;
        } else if (field.value !== was.value) field.value = was.value;
        if (was.focused) {
          field.focus({preventScroll: true});
          try { if (was.start !== null) field.setSelectionRange(was.start, was.end); } catch (e) {}
        }
      }
    }

    function render() {
      const view = document.getElementById("view");
      const kept = keptFields(view);
      draw(view);
      restoreFields(view, kept);
    }

    function draw(view) {
      const problem = document.getElementById("problem");
      document.getElementById("undo").disabled = readOnly();
      view.replaceChildren();
      if (!data) return;
      if (data.error) { problem.hidden = false; problem.textContent = "The journal cannot be read, so this page is read-only:\n" + data.error; }
      else problem.hidden = true;
      const r = data.report;
      if (!r) return;
      document.getElementById("date").textContent = new Date(r.today + "T12:00:00").toLocaleDateString(undefined, {weekday: "long", month: "long", day: "numeric"});
      if (r.mustDos.due > 0) {
        const good = r.mustDos.done >= r.mustDos.due;
        view.append(el("div", {class: "bar" + (good ? " good" : ""), role: "status",
          text: good ? "🔥 Good day! All must-dos done" : r.mustDos.done + "/" + r.mustDos.due + " must-dos complete"}));
      }
      if (r.progress.total > 0 || r.progress.thingsLeft > 0) {
        view.append(el("p", {class: "counter", id: "counter",
          // As the terminal: "N of M completed" only when something is to be completed.
          text: (r.progress.total > 0 ? r.progress.completed + " of " + r.progress.total + " completed · " : "")
            + r.progress.thingsLeft + (r.progress.thingsLeft === 1 ? " thing left" : " things left") + " today"}));
      }
      // As the terminal: a journal with count habits leads its pile with the day's total.
      if (r.habits.length) view.append(el("p", {class: "total", id: "total", text: "Total Units: " + r.totalUnits}));
      if (r.pile && r.pile.layers.length) view.append(pileView(r.pile));
      if (r.habits.length) view.append(section("Units", "units", r.habits.map(habitRow)));
      else if (!r.checks.length) view.append(el("p", {class: "empty", text: "Start with one unit."}));
      const must = r.checks.filter(c => c.priority === "must");
      const nice = r.checks.filter(c => c.priority !== "must" && !c.completed);
      const doneNice = r.checks.filter(c => c.priority !== "must" && c.completed);
      if (must.length) view.append(section("★ Must do", "must", must.map(checkRow)));
      if (nice.length) view.append(section("Nice to do", "nice", nice.map(checkRow)));
      const tasks = section("◇ Today only", "only", r.tasks.map(taskRow), "Tasks are optional. Keep it light.");
      tasks.querySelector("h2").append(" ", el("span", {class: "badge", text: String(r.tasks.length)}));
      const form = el("form", {class: "add"});
      const input = el("input", {type: "text", name: "title", "aria-label": "New task", placeholder: "Add a task…", maxlength: "200"});
      const addButton = el("button", {type: "submit", text: "Add"});
      // What it is worth (0 to 5 units) and the count habit they go to.
      const estimate = el("input", {type: "number", class: "estimate", name: "estimate", min: "0", max: "5", step: "1", value: "1",
        inputmode: "numeric", "aria-label": "Units the task is worth (0 to 5)"});
      const target = el("select", {name: "habit", "aria-label": "The habit its units go to"});
      target.append(el("option", {value: "", text: "General"}));
      for (const h of r.habits) if (h.name !== "General") target.append(el("option", {value: h.name, text: h.title}));
      // The Units document's "Pin to Today", on while the day has room for
      // a pin (the limit `units task add --pin` refuses past, done tasks' pins included).
      const pinBox = el("input", {type: "checkbox", class: "pin-today", name: "pin", id: "pin-today"});
      pinBox.defaultChecked = r.pinnedToday < PIN_LIMIT;
      pinBox.checked = pinBox.defaultChecked;
      const pinLabel = el("label", {class: "pin-today", for: "pin-today"}, pinBox, "Pin to today");
      if (readOnly()) { input.disabled = true; addButton.disabled = true; estimate.disabled = true; target.disabled = true; pinBox.disabled = true; }
      form.append(input, estimate, target, pinLabel, addButton);
      form.addEventListener("submit", event => {
        event.preventDefault();
        const title = input.value.trim();
        const worth = estimate.value.trim();
        if (!/^[0-5]$/.test(worth)) { toast("A task is worth 0 to 5 units."); return; }
        if (title) {
          const habit = target.value;
          // Cleared before the write, so that the redraw it brings keeps nothing of it.
          const pin = pinBox.checked;
          input.value = ""; estimate.value = "1"; target.value = ""; pinBox.checked = pinBox.defaultChecked;
          enqueue({action: "task-add", title: title, value: worth, habit: habit, pin: pin});
        }
      });
      tasks.append(form);
      view.append(tasks);
      const doneRows = doneNice.map(checkRow).concat(r.tasksDoneToday.map(title => el("li", {class: "row"}, el("span", {class: "name", text: title}))));
      if (doneRows.length) view.append(section("Done ✓", "done", doneRows));
    }

    function sendBursts() {
      for (const [habit, burst] of bursts) {
        clearTimeout(burst.timer);
        bursts.delete(habit);
        enqueue({action: "log", habit: habit, value: String(burst.count), day: burst.day});
      }
    }
    document.getElementById("undo").addEventListener("click", () => { sendBursts(); enqueue({action: "undo", guarded: true}); });
    window.addEventListener("pagehide", sendBursts);
    window.addEventListener("online", flush);
    showQueue();
    refresh(true).then(flush);
    setInterval(() => refresh(false), 1500);
    </script>
    </body>
    </html>

    """#
}
