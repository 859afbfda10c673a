"use strict";
// Home MCP apps: the MCP Apps bridge (JSON-RPC over postMessage with the host),
// the texts (en, fr, ja), the host's theme and a DOM helper that only ever
// writes text (names come from the house: never markup).
const HM = (() => {
  const TEXTS = JSON.parse(document.getElementById("texts").textContent);
  const PROTOCOL = "2026-01-26";
  const TIMEOUT_MS = 30000;
  const pending = new Map();
  const handlers = new Map();
  let nextId = 1;
  let context = {};
  let host = {};
  let lang = "en";

  function pickLang(locale) {
    const wanted = String(locale || navigator.language || "en").toLowerCase().split("-")[0];
    return Object.prototype.hasOwnProperty.call(TEXTS, wanted) ? wanted : "en";
  }

  function t(key, vars) {
    const text = (TEXTS[lang] && TEXTS[lang][key]) || TEXTS.en[key] || key;
    return text.replace(/\{(\w+)\}/g, (_, name) => (vars && name in vars ? String(vars[name]) : ""));
  }

  function h(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function svg(tag, attrs) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    return node;
  }

  function post(message) {
    window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
  }

  function request(method, params) {
    const id = nextId++;
    post({ id, method, params: params || {} });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no answer`));
      }, TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
    });
  }

  function notify(method, params) {
    post({ method, params: params || {} });
  }

  function on(method, handler) {
    if (!handlers.has(method)) handlers.set(method, []);
    handlers.get(method).push(handler);
  }

  function emit(method, params) {
    for (const handler of handlers.get(method) || []) handler(params || {});
  }

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (!message || message.jsonrpc !== "2.0") return;
    if (message.method === undefined && pending.has(message.id)) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) waiting.reject(new Error(message.error.message || "error"));
      else waiting.resolve(message.result);
      return;
    }
    if (typeof message.method !== "string") return;
    if (message.id !== undefined) {
      // Requests from the host: teardown and ping are answered; nothing else is served.
      if (message.method === "ui/resource-teardown") emit("teardown", message.params);
      if (message.method === "ui/resource-teardown" || message.method === "ping") {
        post({ id: message.id, result: {} });
      } else {
        post({ id: message.id, error: { code: -32601, message: "Method not found" } });
      }
      return;
    }
    if (message.method === "ui/notifications/host-context-changed") applyContext(message.params);
    emit(message.method, message.params);
  });

  function applyContext(update) {
    context = { ...context, ...(update || {}) };
    const root = document.documentElement;
    if (context.theme === "light" || context.theme === "dark") root.dataset.theme = context.theme;
    const variables = (context.styles && context.styles.variables) || {};
    for (const [name, value] of Object.entries(variables)) {
      if (/^--[\w-]+$/.test(name) && typeof value === "string") root.style.setProperty(name, value);
    }
    lang = pickLang(context.locale);
    root.lang = lang;
  }

  function reportSize() {
    const root = document.documentElement;
    notify("ui/notifications/size-changed", {
      width: Math.ceil(root.scrollWidth),
      height: Math.ceil(root.scrollHeight),
    });
  }

  async function start(name) {
    lang = pickLang();
    const result = await request("ui/initialize", {
      appInfo: { name: `home-mcp-${name}`, version: "1" },
      appCapabilities: { availableDisplayModes: ["inline"] },
      protocolVersion: PROTOCOL,
    });
    host = (result && result.hostCapabilities) || {};
    applyContext((result && result.hostContext) || {});
    notify("ui/notifications/initialized", {});
    new ResizeObserver(reportSize).observe(document.body);
    return result;
  }

  // The tool result's structured content, or the JSON of its text for hosts that drop it.
  function payloadOf(result) {
    if (!result) return null;
    if (result.structuredContent && typeof result.structuredContent === "object") {
      return result.structuredContent;
    }
    for (const block of result.content || []) {
      if (block && block.type === "text") {
        try {
          return JSON.parse(block.text);
        } catch (err) {
          return { ok: false, message: block.text };
        }
      }
    }
    return null;
  }

  async function callTool(name, args) {
    if (!host.serverTools) throw new Error("This host cannot call Home MCP's tools");
    return payloadOf(await request("tools/call", { name, arguments: args || {} }));
  }

  function canCallTools() {
    return Boolean(host.serverTools);
  }

  function openLink(url) {
    return request("ui/open-link", { url });
  }

  function timeZone(fallback) {
    return context.timeZone || fallback || undefined;
  }

  function formatTime(iso, zone, withDate) {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return String(iso);
    const options = { hour: "2-digit", minute: "2-digit" };
    if (withDate) Object.assign(options, { month: "short", day: "numeric" });
    try {
      return new Intl.DateTimeFormat(lang, { ...options, timeZone: timeZone(zone) }).format(date);
    } catch (err) {
      return new Intl.DateTimeFormat(lang, options).format(date);
    }
  }

  function number(value) {
    return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);
  }

  function show(...nodes) {
    document.getElementById("app").replaceChildren(...nodes);
  }

  return {
    t, h, svg, on, start, callTool, canCallTools, openLink, payloadOf, formatTime, number, show,
    lang: () => lang,
  };
})();
