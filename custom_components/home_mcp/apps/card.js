// The request card: a guarded call's refusal, as a person should read it.
// The effect first, who asked, the countdown and where it stands, updated
// while it is open (get_confirmation through the host). Its only action is a
// link to the approval page in Home Assistant: nothing here approves.
const RequestCard = (() => {
  const POLL_MS = 5000;
  const { t, h } = HM;

  function isRequest(payload) {
    return Boolean(
      payload && payload.confirmation_id &&
        (payload.error === "needs_confirmation" || typeof payload.state === "string"),
    );
  }

  function stateOf(found) {
    if (found.state === "approved" && found.outcome) {
      return found.outcome.ok === false ? "failed" : "executed";
    }
    return found.state;
  }

  function capitalized(text) {
    return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  }

  function left(ms) {
    const seconds = Math.max(0, Math.round(ms / 1000));
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  // Returns the card's node; it keeps itself current until it is settled.
  function card(payload) {
    const known = {
      id: payload.confirmation_id,
      state: payload.state ? stateOf(payload) : "pending",
      summary: payload.summary || null,
      action: payload.action || "",
      targets: (payload.targets || []).map((row) => (typeof row === "string" ? row : row.entity_id)),
      requested: payload.requested_at || null,
      by: payload.requested_by || null,
      expires: payload.expires_at || null,
      url: payload.approval_url || null,
      path: payload.approval_path || `/home-mcp/confirmation/${payload.confirmation_id}`,
    };
    const root = h("section", { class: "card request", "data-confirmation": known.id });
    let timer = null;
    let poller = null;

    function effect() {
      if (known.summary) return capitalized(known.summary);
      return `${known.action} · ${known.targets.join(", ")}`;
    }

    function draw() {
      const now = Date.now();
      const expiresAt = known.expires ? Date.parse(known.expires) : NaN;
      if (known.state === "pending" && expiresAt && expiresAt <= now) known.state = "expired";
      const header = h(
        "div", { class: "row spread" },
        h("span", { class: "muted" }, t("req_title")),
        h("span", { class: `badge ${known.state}`, "data-state": known.state }, t(`state_${known.state}`)),
      );
      // Who asked: the MCP client and the key it used, as Home MCP recorded them.
      const who = known.by ? [known.by.client, known.by.key].filter(Boolean).join(" · ") : "";
      const time = known.requested ? HM.formatTime(known.requested, null, true) : "";
      const asked = who
        ? t(time ? "req_asked_by_at" : "req_asked_by", { who, time })
        : time ? t("req_asked_at", { time }) : t("req_asked");
      let clock = null;
      if (known.state === "pending" && expiresAt) {
        clock = h("div", { class: "countdown", "data-countdown": "" }, t("req_expires_in", { left: left(expiresAt - now) }));
      } else if (known.state === "expired" && known.expires) {
        clock = h("div", { class: "muted" }, t("req_expired_at", { time: HM.formatTime(known.expires, null, true) }));
      }
      let link = null;
      if (known.state === "pending" && known.url) {
        link = h("a", {
          class: "link", href: known.url, target: "_blank", rel: "noopener noreferrer",
          onclick: (event) => {
            event.preventDefault();
            HM.openLink(known.url).catch(() => {});
          },
        }, t("req_link"));
      } else if (known.state === "pending") {
        link = h("div", { class: "muted" }, t("req_where", { path: known.path }));
      }
      root.replaceChildren(
        header,
        h("div", { class: "effect" }, effect()),
        h("div", { class: "muted" }, asked),
        clock,
        link,
        known.state === "pending" ? h("div", { class: "muted note" }, t("req_note")) : null,
      );
    }

    async function refresh() {
      if (!HM.canCallTools() || known.state !== "pending") return;
      try {
        const found = await HM.callTool("get_confirmation", { confirmation_id: known.id });
        if (found && found.ok !== false) {
          known.state = stateOf(found);
          known.summary = found.summary || known.summary;
          known.requested = found.requested_at || known.requested;
          known.by = found.requested_by || known.by;
          known.expires = found.expires_at || known.expires;
        }
      } catch (err) {
        // The host may refuse app calls: the card stays as it was.
      }
      draw();
    }

    function stop() {
      clearInterval(timer);
      clearInterval(poller);
    }

    draw();
    timer = setInterval(() => {
      if (!root.isConnected && root.dataset.started) return stop();
      root.dataset.started = "1";
      if (known.state !== "pending") return stop();
      draw();
    }, 1000);
    poller = setInterval(refresh, POLL_MS);
    HM.on("teardown", stop);
    refresh();
    return root;
  }

  // A write that ran: what each entity is now, as Home Assistant reports it.
  function done(payload) {
    const rows = (payload.states || []).map((row) =>
      h("li", {}, `${row.name || row.entity_id}: `,
        row.state_before && row.state_before !== row.state ? `${row.state_before} → ` : "",
        h("strong", {}, String(row.state))));
    return h("section", { class: "card done" },
      h("h1", {}, t("done_title")),
      rows.length ? h("ul", { class: "plain" }, rows) : h("p", { class: "muted" }, t("done_none")));
  }

  function failure(payload) {
    return h("section", { class: "card error", role: "alert" },
      h("p", {}, t("error", { message: payload.message || payload.error || "?" })),
      payload.hint ? h("p", { class: "muted" }, payload.hint) : null);
  }

  // Any write's result: a request card, what it changed, or why it failed.
  function forResult(payload) {
    if (isRequest(payload)) return card(payload);
    if (payload && payload.ok === false) return failure(payload);
    return done(payload || {});
  }

  return { card, done, failure, forResult, isRequest };
})();
