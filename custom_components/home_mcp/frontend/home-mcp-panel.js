/*
 * Home MCP panel: the administrators' page of the Home MCP integration.
 *
 * A plain web component (Shadow DOM, no build step, no imports). Home
 * Assistant sets `hass`, `narrow`, `route` and `panel` on it. Everything it
 * shows comes from Home MCP's websocket commands (administrators only):
 * `home_mcp/confirmations/subscribe` (pending confirmations and recent
 * decisions, pushed on every change), `home_mcp/confirmation/decide`,
 * `home_mcp/status`, `home_mcp/audit` and `home_mcp/keys[/create|/revoke]`.
 *
 * Views: `/home-mcp` lists what waits for a decision, recent decisions, the
 * status, ready-to-copy client configurations, client keys and the audit
 * tail; `/home-mcp/confirmation/<id>` (where Home MCP's notification links
 * to) shows one confirmation with Approve / Deny or its outcome.
 *
 * Text from the house and from requests (entity names, summaries, client
 * names) is untrusted: it only ever reaches the page as text nodes, never as
 * markup. Colours come from Home Assistant's theme variables.
 */

const RISK_LABELS = {
  opens_house: "Opens the house",
  system: "Controls Home Assistant",
  unknown: "Cannot be checked beforehand",
  securing: "Secures the house",
  safe: "Safe",
};
const STATE_LABELS = {
  pending: "Waiting for you",
  approved: "Approved",
  denied: "Denied",
  expired: "Expired",
  failed: "Approved, failed",
};
const MENU_ICON = "M3,6H21V8H3V6M3,11H21V13H3V11M3,16H21V18H3V16Z";
const POLL_MS = 10000;

/** A finding's `via` chain: a long one comes without its middle (`via_omitted` entities). */
function through(finding) {
  const via = finding.via || [];
  if (!finding.via_omitted) return via.join(" → ");
  const half = Math.ceil(via.length / 2);
  return [...via.slice(0, half), `… ${finding.via_omitted} more …`, ...via.slice(half)].join(" → ");
}

/** Build an element; strings among `children` become text nodes (never HTML). */
function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

function svgIcon(path) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(ns, "path");
  p.setAttribute("d", path);
  svg.append(p);
  return svg;
}

const capitalize = (text) => (text ? text[0].toUpperCase() + text.slice(1) : "");
const shorten = (text, max) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** A name a client chose (its client name, an OAuth client id): quoted and capped, never a statement. */
const CLIENT_TEXT_MAX = 80;
const quoted = (text) => `“${shorten(String(text), CLIENT_TEXT_MAX)}”`;

function duration(seconds) {
  seconds = Math.max(0, Math.round(seconds));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  const hours = Math.floor(seconds / 3600);
  if (hours < 48) return `${hours} h ${Math.floor((seconds % 3600) / 60)} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

// How the person's Home Assistant profile says times are shown: its language,
// 12 or 24 hours, and the server's time zone or the browser's (`hass.locale`).
let clock = { locale: undefined, options: {} };

function setClock(hass) {
  const locale = (hass && hass.locale) || {};
  const options = {};
  if (locale.time_format === "12") options.hour12 = true;
  if (locale.time_format === "24") options.hour12 = false;
  if (locale.time_zone === "server" && hass.config && hass.config.time_zone) {
    options.timeZone = hass.config.time_zone;
  }
  const language = locale.time_format === "system" ? undefined : locale.language;
  clock = { locale: language, options };
}

function when(iso) {
  if (!iso) return "—";
  const date = new Date(iso);
  const day = (d) => d.toLocaleDateString("en-CA", { timeZone: clock.options.timeZone });
  const today = day(new Date()) === day(date);
  return today
    ? date.toLocaleTimeString(clock.locale, clock.options)
    : date.toLocaleString(clock.locale, clock.options);
}

function countdown(iso) {
  const left = (new Date(iso).getTime() - Date.now()) / 1000;
  return left > 0 ? `expires in ${duration(left)}` : "expired";
}

/** Copy text; the Clipboard API needs a secure context, so fall back to execCommand. */
async function copyText(text, root) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_err) {
    const area = h("textarea", { class: "offscreen", readonly: true });
    area.value = text;
    root.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

class HomeMcpPanel extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    this._confirmations = null; // null until the subscription first answers
    this._status = null;
    this._audit = [];
    this._keys = [];
    this._newKey = null; // {name, scope, key}: the secret, shown once
    this._busy = new Map(); // confirmation_id -> "approve" | "deny"
    this._errors = new Map(); // confirmation_id -> message from the server
    this._ranOut = new Set(); // pending confirmations shown as expired
    this._loadError = "";
    this._view = "";
  }

  set hass(hass) {
    const first = !this._hass;
    this._hass = hass;
    setClock(hass);
    if (first && this.isConnected) this._connect();
  }
  get hass() {
    return this._hass;
  }

  set narrow(narrow) {
    this._narrow = narrow;
    if (this._menuButton) this._menuButton.hidden = !narrow;
  }

  set route(route) {
    this._route = route;
    const match = /^\/confirmation\/([^/]+)/.exec((route && route.path) || "");
    const view = match ? decodeURIComponent(match[1]) : "";
    if (view !== this._view || !this._main) {
      this._view = view;
      if (this.isConnected) this._renderView();
    }
  }

  set panel(panel) {
    this._panel = panel;
  }

  connectedCallback() {
    if (!this._main) this._renderShell();
    this._renderView();
    if (this._hass) this._connect();
  }

  disconnectedCallback() {
    clearInterval(this._ticker);
    clearInterval(this._poller);
    this._ticker = this._poller = undefined;
    const unsubscribe = this._unsubscribe;
    this._unsubscribe = undefined;
    if (unsubscribe) unsubscribe.then((unsub) => unsub()).catch(() => {});
  }

  // -- data --------------------------------------------------------------

  _connect() {
    if (this._unsubscribe || !this._hass || !this.isConnected) return;
    this._unsubscribe = this._hass.connection.subscribeMessage(
      (message) => {
        this._confirmations = message.confirmations || [];
        this._renderConfirmations();
        this._refresh(); // A decision changes the audit and the status too.
        this._refreshHistory(); // ... and an approved write, the history.
      },
      { type: "home_mcp/confirmations/subscribe" },
    );
    this._unsubscribe.catch((err) => {
      this._unsubscribe = undefined;
      this._loadError = err.message || String(err);
      this._renderConfirmations();
    });
    this._refresh();
    this._refreshKeys();
    this._refreshHistory();
    this._ticker = setInterval(() => this._tick(), 1000);
    this._poller = setInterval(() => document.hidden || this._refresh(), POLL_MS);
  }

  _ws(message) {
    return this._hass.connection.sendMessagePromise(message);
  }

  async _refresh() {
    try {
      const [status, audit] = await Promise.all([
        this._ws({ type: "home_mcp/status" }),
        this._ws({ type: "home_mcp/audit", limit: 50 }),
      ]);
      this._status = status;
      this._since = Date.now() - status.uptime_seconds * 1000; // when Home MCP started
      this._audit = audit;
      this._loadError = "";
    } catch (err) {
      this._loadError = err.message || String(err);
    }
    this._renderStatus();
    this._renderAudit();
  }

  async _refreshKeys() {
    try {
      this._keys = await this._ws({ type: "home_mcp/keys" });
    } catch (err) {
      this._keyError = err.message || String(err);
    }
    this._renderKeys();
  }

  async _refreshHistory() {
    try {
      this._history = (await this._ws({ type: "home_mcp/config/history" })).items || [];
    } catch (err) {
      this._historyError = err.message || String(err);
    }
    this._renderHistory();
  }

  async _restore(item, index) {
    this._historyError = "";
    try {
      const done = await this._ws({ type: "home_mcp/config/restore", kind: item.kind, key: item.key, version: index });
      if (done.confirmation_id) {
        // Guarded: the person reads the diff and approves it like any request.
        history.pushState(null, "", this._path(done.confirmation_id));
        window.dispatchEvent(new CustomEvent("location-changed", { detail: { replace: false } }));
        return;
      }
      this._historyNote = `Restored: the ${item.kind} was ${done.written.action}.`;
    } catch (err) {
      this._historyError = err.message || String(err);
    }
    this._refreshHistory();
  }

  _renderHistory() {
    const slot = this._slot("history");
    if (!slot) return;
    const items = this._history || [];
    const parts = [];
    if (this._historyNote) parts.push(h("p", { role: "status" }, this._historyNote));
    if (this._historyError) parts.push(h("p", { class: "error", role: "alert" }, `Not restored: ${this._historyError}`));
    parts.push(items.length
      ? h("ul", { class: "rows history" }, items.map((item) => h("li", {},
          h("strong", {}, `${item.kind} `, h("code", {}, item.entity_id || item.key)),
          h("ul", {}, (item.versions || []).map((v, index) => h("li", {},
            h("span", { class: "muted" }, `before it was ${v.action} ${when(v.at)}${v.by_name ? ` (asked by ${v.by_name})` : ""} `),
            h("button", { class: "small", onclick: () => this._restore(item, index) },
              v.config ? "Restore this version" : "Restore: delete it (it did not exist)"),
            // A card is a person's tap, not guarded; the owner sees the cards that can open.
            (v.opens || []).length
              ? h("div", { class: "opens" }, "That write saved cards whose tap can open the house: ",
                  h("ul", {}, v.opens.map((line) => h("li", {}, h("code", {}, shorten(line, 200))))))
              : ""))))))
      : h("p", { class: "empty" }, "Nothing yet. Every write keeps the version it replaced (the last 20 per item); restoring one is judged like any write."));
    slot.replaceChildren(...parts);
  }

  async _decide(confirmation, decision) {
    const id = confirmation.confirmation_id;
    this._busy.set(id, decision);
    this._errors.delete(id);
    this._renderConfirmations();
    try {
      const updated = await this._ws({
        type: "home_mcp/confirmation/decide",
        confirmation_id: id,
        decision,
      });
      const list = this._confirmations || [];
      const index = list.findIndex((c) => c.confirmation_id === id);
      if (index >= 0) list[index] = updated;
    } catch (err) {
      this._errors.set(id, (err && err.message) || String(err));
    }
    this._busy.delete(id);
    this._renderConfirmations();
  }

  _tick() {
    for (const el of this.shadowRoot.querySelectorAll("[data-expires]")) {
      el.textContent = countdown(el.dataset.expires);
    }
    for (const el of this.shadowRoot.querySelectorAll("[data-since]")) {
      el.textContent = duration((Date.now() - Number(el.dataset.since)) / 1000);
    }
    // A pending confirmation whose time ran out loses its buttons at once
    // (Home MCP's own expiry update follows).
    const ranOut = (this._confirmations || []).filter(
      (c) => c.state === "pending" && new Date(c.expires_at).getTime() <= Date.now(),
    );
    if (ranOut.some((c) => !this._ranOut.has(c.confirmation_id))) {
      ranOut.forEach((c) => this._ranOut.add(c.confirmation_id));
      this._renderConfirmations();
    }
  }

  // -- navigation ----------------------------------------------------------

  _path(id) {
    const base = (this._route && this._route.prefix) || "/home-mcp";
    return id ? `${base}/confirmation/${encodeURIComponent(id)}` : base;
  }

  _link(id, ...children) {
    return h("a", {
      href: this._path(id),
      onclick: (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        history.pushState(null, "", this._path(id));
        window.dispatchEvent(new CustomEvent("location-changed", { detail: { replace: false } }));
      },
    }, ...children);
  }

  // -- rendering -----------------------------------------------------------

  _renderShell() {
    this._menuButton = h("button", {
      class: "icon-button",
      title: "Sidebar",
      "aria-label": "Show the sidebar",
      hidden: !this._narrow,
      onclick: () => this.dispatchEvent(new CustomEvent("hass-toggle-menu", { bubbles: true, composed: true })),
    }, svgIcon(MENU_ICON));
    this._main = h("main");
    this.shadowRoot.append(
      h("style", {}, STYLES),
      h("header", { class: "toolbar" }, this._menuButton, h("div", { class: "title" }, "Home MCP")),
      this._main,
    );
  }

  _renderView() {
    if (!this._main) this._renderShell();
    const section = (id, title, ...extra) =>
      h("section", { class: `card ${id}` }, h("h2", {}, title), ...extra, h("div", { id }));
    this._main.replaceChildren();
    if (this._view) {
      this._main.append(
        h("nav", {}, this._link(null, "← All of Home MCP")),
        h("div", { id: "detail" }),
      );
    } else {
      this._main.append(
        h("div", { id: "banner" }),
        h("section", { class: "card escapes", hidden: true }, h("h2", {}, "Opened after an MCP call"), h("div", { id: "escapes" })),
        h("section", { class: "waiting" }, h("h2", {}, "Waiting for your decision"), h("div", { id: "pending" })),
        section("decisions", "Recent decisions"),
        h("div", { class: "columns" }, section("status", "Status"), section("configs", "Connect a client")),
        section("keys", "Client keys", this._keyForm()),
        section("history", "Configuration written over MCP"),
        section("audit", "Audit log (newest first)"),
      );
    }
    this._renderConfirmations();
    this._renderStatus();
    this._renderAudit();
    this._renderKeys();
    this._renderHistory();
  }

  _slot(id) {
    return this.shadowRoot.getElementById(id);
  }

  /** True when `slot` already shows what `key` describes (a re-render would only lose a text selection). */
  _same(slot, key) {
    if (slot._shown === key) return true;
    slot._shown = key;
    return false;
  }

  _renderConfirmations() {
    const list = this._confirmations;
    const banner = this._slot("banner");
    if (banner) {
      banner.replaceChildren(this._loadError ? h("p", { class: "error", role: "alert" }, `Home MCP answered: ${this._loadError}`) : "");
    }
    const detail = this._slot("detail");
    if (detail) {
      const found = list && list.find((c) => c.confirmation_id === this._view);
      detail.replaceChildren(
        found
          ? this._card(found, true)
          : h("p", { class: "empty" }, list ? "Home MCP knows no confirmation with this id (old ones are removed)." : this._loadError || "Loading…"),
      );
    }
    const pending = this._slot("pending");
    if (pending) {
      const open = (list || []).filter((c) => c.state === "pending");
      pending.replaceChildren(
        ...(open.length
          ? open.map((c) => this._card(c, false))
          : [h("p", { class: "empty card" }, list ? "Nothing waits for you. When an MCP client asks to open the house, it appears here and in your notifications." : "Loading…")]),
      );
    }
    const decisions = this._slot("decisions");
    if (decisions) {
      const done = (list || []).filter((c) => c.state !== "pending").slice(0, 20);
      decisions.replaceChildren(
        done.length
          ? h("ul", { class: "rows" }, done.map((c) =>
              h("li", {},
                h("span", { class: `chip ${c.state}` }, STATE_LABELS[c.state] || c.state),
                this._link(c.confirmation_id, capitalize(c.summary)),
                h("span", { class: "muted" }, this._decidedLine(c)),
              )))
          : h("p", { class: "empty" }, "No decisions yet."),
      );
    }
  }

  _by(c) {
    // Who decided, and from which phone when a companion app's tap did.
    if (!c.decided_by) return "";
    const from = c.decided_by.device ? ` from ${c.decided_by.device}` : "";
    return ` by ${c.decided_by.name || "?"}${from}`;
  }

  _decidedLine(c) {
    const by = this._by(c);
    const client = c.requester.client_name ? `an MCP client calling itself ${quoted(c.requester.client_name)}` : "an MCP client";
    return `${when(c.decided_at || c.created_at)}${by} · asked by ${c.requester.user_name || "?"} via ${client}`;
  }

  _card(c, prominent) {
    const id = c.confirmation_id;
    const requester = c.requester || {};
    const action = c.action || {};
    // A new item's entity id comes from the name a client gave it: capped like that name.
    const target = Object.entries(action.target || {})
      .map(([key, value]) => (key === "entity_id" ? "" : `${key}: `) + [].concat(value).map((v) => shorten(String(v), CLIENT_TEXT_MAX)).join(", "))
      .join("; ");
    const data = action.data && Object.keys(action.data).length ? JSON.stringify(action.data) : "";
    const expired = c.state === "pending" && new Date(c.expires_at).getTime() <= Date.now();
    const busy = this._busy.get(id);
    const states = this._hass ? this._hass.states : {};
    const nameOf = (entityId) => (states[entityId] && states[entityId].attributes.friendly_name) || entityId;

    const card = h("article", { class: `card confirmation ${prominent ? "prominent" : ""} ${c.state}`, "data-confirmation": id },
      h("div", { class: "card-head" },
        h("span", { class: `chip ${c.state}` }, STATE_LABELS[c.state] || c.state),
        h("span", { class: `chip risk ${c.risk}` }, RISK_LABELS[c.risk] || c.risk),
      ),
      h(prominent ? "h1" : "h3", {}, prominent ? capitalize(c.summary) : this._link(id, capitalize(c.summary))),
      h("dl", {},
        h("dt", {}, "Action"),
        h("dd", {}, h("code", {}, `${action.domain}.${action.service}`), target ? [" on ", h("code", {}, target)] : "", data ? [" with ", h("code", {}, data)] : ""),
        h("dt", {}, "What it reaches, and why it asks"),
        h("dd", {}, h("ul", { class: "findings" }, (c.findings || []).map((f) =>
          h("li", {},
            h("strong", {}, f.entity_id ? nameOf(f.entity_id) : "Home Assistant"),
            f.entity_id ? [" ", h("code", {}, f.entity_id)] : "",
            ` — ${f.service}: ${f.reason || RISK_LABELS[f.risk] || f.risk}`,
            f.via && f.via.length ? h("div", { class: "muted" }, `through ${through(f)}`) : "",
          ))),
          c.findings_omitted ? h("p", { class: "muted" }, `and ${c.findings_omitted} more, not listed here`) : ""),
        c.write ? [
          h("dt", {}, c.write.operation === "delete" ? "What it deletes" : "What it writes"),
          h("dd", {},
            h("div", {}, `${c.write.kind} `, h("code", {}, shorten(c.write.entity_id || "", CLIENT_TEXT_MAX)), c.write.key ? [" · id ", h("code", {}, c.write.key)] : ""),
            (c.write.when || []).length ? h("div", {}, `It runs ${c.write.when.join(" or ")}.`) : "",
            (c.write.users || []).length
              ? h("div", {}, "Used by (each judged with this version): ",
                  c.write.users.map((e, i) => [i ? ", " : "", nameOf(e), " ", h("code", {}, e)]))
              : "",
            this._diff(c.write.diff)),
        ] : "",
        h("dt", {}, "Asked by"),
        h("dd", {}, `${requester.user_name || "an unknown user"} · credential ${quoted(requester.credential_name || "?")} · ${requester.client_name ? `an MCP client calling itself ${quoted(requester.client_name)}` : "an unnamed MCP client"}`),
        h("dt", {}, "When"),
        h("dd", {}, `asked ${when(c.created_at)} · `,
          c.state === "pending"
            ? h("span", { "data-expires": c.expires_at, class: "countdown" }, countdown(c.expires_at))
            : `${c.state === "expired" ? "expired" : "decided"} ${when(c.decided_at || c.expires_at)}`),
      ),
    );

    if (c.state === "pending" && !expired) {
      const label = shorten(`Approve: ${c.summary}`, 90);
      card.append(h("div", { class: "actions" },
        h("button", { class: "approve", disabled: !!busy, onclick: () => this._decide(c, "approve") },
          busy === "approve" ? (c.write ? "Approving… Home Assistant writes it" : `Approving… Home Assistant runs ${action.domain}.${action.service}`) : label),
        h("button", { class: "deny", disabled: !!busy, onclick: () => this._decide(c, "deny") },
          busy === "deny" ? "Denying…" : c.write ? "Deny: nothing is written" : "Deny: nothing runs"),
      ));
    } else if (c.state === "pending") {
      card.append(h("p", { class: "muted" }, "This request has expired; nothing ran. The client has to ask again."));
    } else {
      card.append(this._outcome(c));
    }
    if (this._errors.has(id)) card.append(h("p", { class: "error", role: "alert" }, `Not done: ${this._errors.get(id)}`));
    return card;
  }

  _diff(text) {
    // The YAML before and after, as Home Assistant's editor writes it: removed and added lines marked.
    return h("pre", { class: "diff", "aria-label": "Changes to the configuration" },
      (text || "").split("\n").map((line) => h("span", {
        class: line.startsWith("+") && !line.startsWith("+++") ? "added"
          : line.startsWith("-") && !line.startsWith("---") ? "removed" : "",
      }, `${line}\n`)));
  }

  _outcome(c) {
    const box = h("div", { class: `outcome ${c.state}` });
    if (c.state === "denied") box.append(h("p", {}, `Denied${this._by(c)} at ${when(c.decided_at)}. Nothing ran.`));
    if (c.state === "expired") box.append(h("p", {}, `Expired at ${when(c.decided_at || c.expires_at)} without a decision. Nothing ran.`));
    if (c.state === "approved" || c.state === "failed") {
      const outcome = c.outcome || {};
      box.append(h("p", {}, `Approved${this._by(c)} at ${when(c.decided_at)}. `,
        outcome.ok ? (c.write ? "Home Assistant wrote it." : "Home Assistant ran it.") : `Home Assistant reported a problem: ${outcome.message || outcome.error || "unknown"}`));
      if (outcome.warning) box.append(h("p", { class: "error" }, outcome.warning));
      if (outcome.written) box.append(h("p", {}, `The ${outcome.written.kind} ${outcome.written.entity_id || outcome.written.id} was ${outcome.written.action}.`));
      if ((outcome.states || []).length) {
        box.append(h("ul", { class: "states" }, outcome.states.map((s) =>
          h("li", {},
            h("strong", {}, s.name || s.entity_id), " ",
            h("span", { class: "muted" }, `${s.state_before ?? "?"} → `),
            h("span", { class: `reached-${s.reached}` }, String(s.state)),
            s.reached === true ? " ✓" : s.reached === false ? ` ✗ (expected ${(s.expected || []).join(" or ")})` : "",
          ))));
      }
    }
    return box;
  }

  _renderStatus() {
    const slot = this._slot("status");
    const s = this._status;
    const since = Math.round((this._since || 0) / 10000); // a restart changes it
    // Ages tick on their own (data-since): only a change of what started when re-renders.
    const started = (seconds) => Math.round((Date.now() / 1000 - seconds) / 10);
    const sessions = s && s.sessions && {
      ...s.sessions,
      items: (s.sessions.items || []).map((i) => ({ ...i, age_seconds: started(i.age_seconds), idle_seconds: started(i.idle_seconds) })),
    };
    if (slot && !this._same(slot, JSON.stringify([{ ...s, uptime_seconds: since, sessions }, this._loadError]))) {
      if (!s) {
        slot.replaceChildren(h("p", { class: "empty" }, this._loadError || "Loading…"));
      } else {
        const o = s.options || {};
        const listOr = (items, none) => (items && items.length ? items.join(", ") : none);
        const calls = Object.entries(s.calls || {});
        slot.replaceChildren(h("dl", { class: "grid" },
          h("dt", {}, "Version"), h("dd", {}, s.version),
          h("dt", {}, "Running for"), h("dd", { "data-since": this._since }, duration(s.uptime_seconds)),
          h("dt", { class: "wide" }, "Endpoints"),
          h("dd", { class: "wide" }, (s.urls || []).map((u) => h("div", {}, h("code", {}, location.origin + u)))),
          this._sessionRows(s.sessions),
          h("dt", {}, "Pending"), h("dd", {}, String(s.pending)),
          h("dt", {}, "Pre-approved entities"), h("dd", {}, listOr(o.allowed_entities, "none")),
          h("dt", {}, "Also guarded"), h("dd", {}, listOr(o.guarded_entities, "none beyond the built-in rules")),
          h("dt", {}, "Actions that open the house"), h("dd", {}, listOr(o.opening_actions, "none marked")),
          h("dt", {}, "Confirmations expire after"), h("dd", {}, `${o.confirmation_expiry} min`),
          h("dt", {}, "Calls since start"), h("dd", {}, calls.length ? calls.map(([name, count]) => h("div", {}, `${name}: ${count}`)) : "none"),
        ));
      }
    }
    this._renderConfigs();
    this._renderEscapes();
  }

  /** What the tripwire caught: a door, lock, valve or alarm opened by something an MCP call set off. */
  _renderEscapes() {
    const slot = this._slot("escapes");
    const escapes = (this._status && this._status.escapes) || [];
    if (!slot || this._same(slot, JSON.stringify(escapes))) return;
    slot.parentElement.hidden = !escapes.length;
    slot.replaceChildren(
      h("p", { class: "error", role: "alert" },
        "Home MCP let these MCP calls through, and something they set off opened the house. Check the house, and mark what let it through as guarded in the options."),
      h("ul", { class: "rows audit" }, escapes.map((e) =>
        h("li", {},
          h("span", { class: "muted time" }, when(e.at)),
          h("span", { class: "chip error" }, `${e.from} → ${e.to}`),
          h("strong", {}, e.name || e.entity_id),
          h("code", {}, e.action || "?"),
          h("span", { class: "muted" }, shorten((e.chain || []).join(" → "), 200)),
          h("span", { class: "muted" }, [e.user, e.credential && `“${e.credential}”`, e.client].filter(Boolean).join(" · ")),
        ))),
    );
  }

  /** The status rows about sessions: on or off, how many, and one table row per session. */
  _sessionRows(sessions) {
    if (!sessions || !sessions.enabled) {
      return [h("dt", {}, "Sessions"), h("dd", {}, "off (stateless: every request stands alone)")];
    }
    const items = sessions.items || [];
    const rows = [h("dt", {}, "Sessions"), h("dd", {}, `on, ${sessions.open} open (at most ${sessions.limit})`)];
    if (!items.length) return rows;
    const now = Date.now();
    const ago = (seconds) => ({ class: "nowrap", "data-since": now - seconds * 1000 });
    rows.push(h("dd", { class: "wide" }, h("div", { class: "table-wrap" }, h("table", { class: "sessions" },
      h("thead", {}, h("tr", {},
        ["Client", "Credential", "Open for", "Idle for"].map((title) => h("th", { scope: "col" }, title)),
        h("th", { scope: "col", class: "num" }, "Subscriptions"))),
      h("tbody", {}, items.map((item) => h("tr", {},
        h("td", {}, item.client || "unknown client"),
        h("td", {}, item.credential || "?", item.user ? h("div", { class: "muted" }, item.user) : ""),
        h("td", ago(item.age_seconds), duration(item.age_seconds)),
        h("td", ago(item.idle_seconds), duration(item.idle_seconds)),
        h("td", { class: "num" }, String(item.subscriptions ?? 0)),
      )))))));
    return rows;
  }

  _renderConfigs() {
    const slot = this._slot("configs");
    if (!slot) return;
    const urls = (this._status && this._status.urls) || ["/api/mcp"];
    const url = location.origin + (urls.includes("/api/mcp") ? "/api/mcp" : urls[0]);
    const token = "<your token>";
    const json = (value) => JSON.stringify(value, null, 2);
    const configs = [
      ["Claude Code", "In a terminal:", `claude mcp add --transport http home ${url} --header "Authorization: Bearer ${token}"`],
      ["Claude Desktop", "In claude_desktop_config.json (through the mcp-remote bridge):", json({
        mcpServers: { home: {
          command: "npx",
          args: ["mcp-remote", url, "--transport", "http-only", "--header", "Authorization:${AUTH_HEADER}"],
          env: { AUTH_HEADER: `Bearer ${token}` },
        } },
      })],
      ["Cursor", "In ~/.cursor/mcp.json:", json({ mcpServers: { home: { url, headers: { Authorization: `Bearer ${token}` } } } })],
      ["VS Code", "In .vscode/mcp.json (VS Code asks for the token when it connects):", json({
        servers: { home: { type: "http", url, headers: { Authorization: "Bearer ${input:home-mcp-token}" } } },
        inputs: [{ id: "home-mcp-token", type: "promptString", password: true, description: "Home Assistant token or Home MCP key" }],
      })],
    ];
    const selected = Math.min(this._configTab || 0, configs.length - 1);
    if (this._same(slot, `${url} ${selected}`)) return;
    const [, where, text] = configs[selected];
    slot.replaceChildren(
      h("div", { class: "tabs", role: "tablist" }, configs.map(([title], index) =>
        h("button", {
          class: index === selected ? "tab active" : "tab",
          role: "tab",
          "aria-selected": String(index === selected),
          onclick: () => { this._configTab = index; this._renderConfigs(); },
        }, title))),
      h("div", { class: "config", role: "tabpanel" },
        h("div", { class: "config-head" }, h("span", {}, where), this._copyButton(text)),
        h("pre", {}, text)),
      h("p", { class: "muted" }, `Replace ${token} with a Home MCP client key (below) or a long-lived access token from your profile (Security). The transport is Streamable HTTP.`),
    );
  }

  _copyButton(text, label = "Copy") {
    const button = h("button", {
      class: "small",
      onclick: async () => {
        const ok = await copyText(text, this.shadowRoot);
        button.textContent = ok ? "Copied" : "Select and copy by hand";
        setTimeout(() => (button.textContent = label), 2000);
      },
    }, label);
    return button;
  }

  _keyForm() {
    const name = h("input", { type: "text", maxlength: "60", placeholder: "Name, e.g. Claude on my laptop", "aria-label": "Key name", required: true });
    const scope = h("select", { "aria-label": "Scope" },
      h("option", { value: "read" }, "read: sees the house, cannot act"),
      h("option", { value: "control" }, "control: may act, through the gate"),
      h("option", { value: "config" }, "config: may act and write automations, scripts, scenes and helpers, through the gate"));
    const form = h("form", {
      class: "key-form",
      onsubmit: async (event) => {
        event.preventDefault();
        if (!name.value.trim()) return;
        try {
          const created = await this._ws({ type: "home_mcp/keys/create", name: name.value.trim(), scope: scope.value });
          this._newKey = created;
          this._keyError = "";
          name.value = "";
        } catch (err) {
          this._keyError = err.message || String(err);
        }
        this._refreshKeys();
      },
    }, name, scope, h("button", { type: "submit" }, "Create key"));
    return form;
  }

  _renderKeys() {
    const slot = this._slot("keys");
    if (!slot) return;
    const parts = [];
    if (this._newKey) {
      const k = this._newKey;
      parts.push(h("div", { class: "secret", role: "status" },
        h("strong", {}, `New key “${k.name}” (${k.scope})`),
        h("pre", {}, k.key),
        h("p", {}, "This key is shown only now: Home MCP keeps only a hash of it. Copy it into your client's configuration before you leave this page."),
        h("div", { class: "actions" }, this._copyButton(k.key, "Copy key"),
          h("button", { class: "small", onclick: () => { this._newKey = null; this._renderKeys(); } }, "I have copied it")),
      ));
    }
    if (this._keyError) parts.push(h("p", { class: "error", role: "alert" }, this._keyError));
    parts.push(this._keys.length
      ? h("ul", { class: "rows" }, this._keys.map((k) => {
          const revoke = h("button", { class: "small danger" }, "Revoke");
          revoke.addEventListener("click", async () => {
            if (revoke.dataset.armed !== "1") {
              revoke.dataset.armed = "1";
              revoke.textContent = `Revoke “${shorten(k.name, 30)}”: clients using it stop working`;
              return;
            }
            try {
              await this._ws({ type: "home_mcp/keys/revoke", key_id: k.key_id });
            } catch (err) {
              this._keyError = err.message || String(err);
            }
            this._refreshKeys();
          });
          return h("li", {},
            h("span", { class: `chip ${k.scope}` }, k.scope),
            h("strong", {}, k.name),
            h("span", { class: "muted" }, `created ${when(k.created_at)} · last used ${k.last_used_at ? when(k.last_used_at) : "never"}`),
            revoke);
        }))
      : h("p", { class: "empty" }, "No client keys. A key works on the MCP endpoint only, so a client holding one cannot reach Home Assistant's other APIs."));
    slot.replaceChildren(...parts);
  }

  _renderAudit() {
    const slot = this._slot("audit");
    if (!slot) return;
    if (this._same(slot, JSON.stringify(this._audit))) return;
    if (!this._audit.length) {
      slot.replaceChildren(h("p", { class: "empty" }, "Nothing yet."));
      return;
    }
    slot.replaceChildren(h("ul", { class: "rows audit" }, this._audit.map((e) =>
      h("li", {},
        h("span", { class: "muted time" }, when(e.time)),
        h("span", { class: `chip ${e.decision}` }, e.kind === "decision" ? e.decision : e.decision || e.kind),
        h("code", {}, e.tool || "?"),
        (e.targets || []).length ? h("span", {}, shorten(e.targets.join(", "), 120)) : "",
        h("span", { class: "muted" }, [e.user, e.credential && `“${e.credential}”`, e.client].filter(Boolean).join(" · ")),
        e.outcome && e.outcome !== "ok" && e.outcome !== e.decision ? h("span", { class: "muted" }, `→ ${e.outcome}`) : "",
        e.confirmation_id ? this._link(e.confirmation_id, "confirmation") : "",
      ))));
  }
}

const STYLES = `
  :host {
    display: block; min-height: 100vh; box-sizing: border-box;
    background: var(--primary-background-color); color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif); font-size: 14px; line-height: 1.45;
  }
  .toolbar {
    display: flex; align-items: center; gap: 8px; height: var(--header-height, 56px); padding: 0 12px 0 16px;
    background: var(--app-header-background-color, var(--primary-background-color));
    color: var(--app-header-text-color, var(--primary-text-color));
    border-bottom: var(--app-header-border-bottom, 1px solid var(--divider-color));
    position: sticky; top: 0; z-index: 2;
  }
  .title { font-size: 20px; font-weight: 400; }
  .icon-button { background: none; border: 0; padding: 8px; margin-left: -8px; color: inherit; cursor: pointer; border-radius: 50%; }
  .icon-button svg { width: 24px; height: 24px; fill: currentColor; display: block; }
  .icon-button[hidden] { display: none; }
  main { max-width: 1040px; margin: 0 auto; padding: 16px; display: flex; flex-direction: column; gap: 16px; }
  h1 { font-size: 24px; font-weight: 500; margin: 8px 0 12px; overflow-wrap: anywhere; }
  h2 { font-size: 18px; font-weight: 500; margin: 0 0 12px; }
  h3 { font-size: 17px; font-weight: 500; margin: 8px 0; overflow-wrap: anywhere; }
  a { color: var(--primary-color); }
  code, pre { font-family: var(--ha-font-family-code, ui-monospace, monospace); font-size: 13px; overflow-wrap: anywhere; }
  code { background: var(--secondary-background-color, rgba(127,127,127,.12)); padding: 1px 4px; border-radius: 4px; }
  pre { background: var(--secondary-background-color, rgba(127,127,127,.12)); padding: 8px 10px; border-radius: 6px; margin: 6px 0 0; white-space: pre-wrap; word-break: break-all; }
  .card {
    background: var(--card-background-color, var(--ha-card-background, #fff));
    border: 1px solid var(--divider-color); border-radius: var(--ha-card-border-radius, 12px);
    box-shadow: var(--ha-card-box-shadow, none); padding: 16px; box-sizing: border-box; min-width: 0;
  }
  #pending { display: flex; flex-direction: column; gap: 12px; }
  .confirmation.pending { border: 2px solid var(--warning-color, #ffa600); }
  .confirmation.prominent { padding: 20px; }
  .card-head { display: flex; flex-wrap: wrap; gap: 6px; }
  dl { display: grid; grid-template-columns: minmax(120px, max-content) 1fr; gap: 6px 16px; margin: 8px 0; }
  dt { color: var(--secondary-text-color); }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
  ul { margin: 0; padding-left: 18px; }
  .findings li, .states li { margin-bottom: 4px; }
  pre.diff .added { color: var(--success-color, #2e7d32); }
  pre.diff .removed { color: var(--error-color, #c62828); }
  .muted, .empty { color: var(--secondary-text-color); }
  .empty.card { margin: 0; }
  .chip {
    display: inline-block; font-size: 12px; font-weight: 500; padding: 1px 8px; border-radius: 10px; white-space: nowrap;
    border: 1px solid currentColor; color: var(--secondary-text-color);
  }
  .chip.pending, .chip.risk, .chip.control { color: var(--warning-color, #ffa600); }
  .chip.approved, .chip.ran, .chip.read { color: var(--success-color, #43a047); }
  .chip.denied, .chip.failed, .chip.refused, .chip.error { color: var(--error-color, #db4437); }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px; }
  button {
    font: inherit; font-weight: 500; cursor: pointer; border-radius: 18px; padding: 8px 16px; min-height: 36px;
    border: 1px solid var(--primary-color); background: transparent; color: var(--primary-color);
  }
  button:disabled { opacity: .6; cursor: progress; }
  button.approve { background: var(--primary-color); color: var(--text-primary-color, #fff); overflow-wrap: anywhere; text-align: left; }
  button.deny, button.danger { border-color: var(--error-color, #db4437); color: var(--error-color, #db4437); }
  button.small { padding: 4px 12px; min-height: 30px; font-size: 13px; }
  .error { color: var(--error-color, #db4437); font-weight: 500; }
  .outcome { margin-top: 12px; padding: 10px 12px; border-radius: 8px; background: var(--secondary-background-color, rgba(127,127,127,.1)); }
  .outcome p { margin: 0 0 6px; }
  .reached-true { color: var(--success-color, #43a047); font-weight: 500; }
  .reached-false { color: var(--error-color, #db4437); font-weight: 500; }
  .rows { list-style: none; padding: 0; }
  .rows li { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; padding: 8px 0; border-top: 1px solid var(--divider-color); overflow-wrap: anywhere; }
  .rows li:first-child { border-top: 0; }
  .rows .danger { margin-left: auto; }
  .audit li { font-size: 13px; }
  .columns { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
  .grid { grid-template-columns: max-content 1fr; }
  .grid .wide { grid-column: 1 / -1; }
  .table-wrap { overflow-x: auto; }
  table.sessions { border-collapse: collapse; width: 100%; font-size: 13px; }
  table.sessions th, table.sessions td { text-align: left; vertical-align: top; padding: 4px 12px 4px 0; border-top: 1px solid var(--divider-color); overflow-wrap: anywhere; }
  table.sessions th { border-top: 0; color: var(--secondary-text-color); font-weight: 500; white-space: nowrap; }
  table.sessions .nowrap { white-space: nowrap; }
  table.sessions .num { text-align: right; padding-right: 0; }
  .tabs { display: flex; flex-wrap: wrap; gap: 4px; border-bottom: 1px solid var(--divider-color); }
  .tab { border: 0; border-radius: 0; border-bottom: 2px solid transparent; color: var(--secondary-text-color); padding: 6px 10px; }
  .tab.active { color: var(--primary-color); border-bottom-color: var(--primary-color); }
  .config { margin-top: 12px; }
  .config-head { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
  .key-form { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 12px; }
  input, select {
    font: inherit; padding: 7px 10px; border-radius: 6px; border: 1px solid var(--divider-color);
    background: var(--card-background-color, #fff); color: var(--primary-text-color); min-width: 0;
  }
  input { flex: 1 1 220px; }
  .secret { border: 2px solid var(--warning-color, #ffa600); border-radius: 8px; padding: 12px; margin-bottom: 12px; }
  .secret p { margin: 8px 0 0; }
  nav a { text-decoration: none; font-weight: 500; }
  .offscreen { position: fixed; left: -9999px; top: 0; }
  @media (max-width: 870px) { .columns { grid-template-columns: 1fr; } }
  @media (max-width: 600px) {
    main { padding: 8px; gap: 12px; }
    .card { padding: 12px; }
    dl, .grid { grid-template-columns: 1fr; gap: 2px; }
    dd { margin-bottom: 6px; }
    .actions button { flex: 1 1 100%; }
    h1 { font-size: 21px; }
  }
`;

customElements.define("home-mcp-panel", HomeMcpPanel);
