// The house app: home_overview by floors and rooms, security first. A tap on
// a room's lights or a thermostat, or on a lock, door or valve, asks Home MCP through the
// host (`tools/call` to call_service), judged by the gate like any call: an
// unlock comes back as a request card.
(() => {
  const { t, h } = HM;
  const SECURING = {
    lock: { unsafe: ["unlocked", "open", "jammed"], secure: "lock", open: "unlock", ask: "house_ask_unlock", act: "house_secure" },
    cover: { unsafe: ["open", "opening"], secure: "close_cover", open: "open_cover", ask: "house_ask_open", act: "house_close" },
    valve: { unsafe: ["open", "opening"], secure: "close_valve", open: "open_valve", ask: "house_ask_open", act: "house_close" },
  };
  let overview = null;
  let answer = null;
  let busy = false;

  async function ask(domain, service, target) {
    if (busy) return;
    busy = true;
    answer = h("p", { class: "muted" }, t("house_busy"));
    draw();
    try {
      const payload = await HM.callTool("call_service", { domain, service, target });
      answer = RequestCard.forResult(payload || {});
      const fresh = await HM.callTool("home_overview", {});
      if (fresh && fresh.ok !== false) overview = fresh;
    } catch (err) {
      answer = RequestCard.failure({ message: err.message });
    }
    busy = false;
    draw();
  }

  function securityRow(row) {
    const domain = row.entity_id.split(".")[0];
    const rule = SECURING[domain];
    const unsafe = rule ? rule.unsafe.includes(row.state) : row.state !== "armed_away";
    let action = null;
    if (rule && HM.canCallTools()) {
      const service = unsafe ? rule.secure : rule.open;
      action = h("button", {
        type: "button", disabled: busy, "data-entity": row.entity_id, "data-service": `${domain}.${service}`,
        onclick: () => ask(domain, service, { entity_id: row.entity_id }),
      }, t(unsafe ? rule.act : rule.ask));
    }
    return h("li", { "data-entity": row.entity_id },
      h("span", {}, h("strong", {}, row.name || row.entity_id), " ",
        h("span", { class: unsafe ? "alert" : "muted" }, String(row.state)),
        row.area ? h("span", { class: "muted" }, ` · ${row.area}`) : null),
      action);
  }

  function room(area) {
    const chips = [];
    if (area.lights && area.lights.total) {
      const on = area.lights.on > 0;
      const label = t("house_lights", { on: area.lights.on, total: area.lights.total });
      chips.push(HM.canCallTools()
        ? h("button", {
          type: "button", class: on ? "on" : "", disabled: busy, "data-lights": area.area_id,
          "aria-pressed": on ? "true" : "false",
          title: t(on ? "house_turn_off" : "house_turn_on", { room: area.name }),
          onclick: () => ask("light", on ? "turn_off" : "turn_on", { area_id: area.area_id }),
        }, label)
        : h("span", {}, label));
    }
    if (area.covers && area.covers.total) {
      chips.push(h("span", { class: area.covers.open ? "alert" : "muted" }, t("house_covers", area.covers)));
    }
    if (area.security && area.security.not_secure) {
      chips.push(h("span", { class: "alert" }, t("house_not_secure", { count: area.security.not_secure })));
    }
    for (const row of Array.isArray(area.climate) ? area.climate : []) {
      const now = row.current_temperature == null ? "" : ` · ${row.current_temperature}°`;
      const label = `${row.name || row.entity_id}: ${row.mode}${now}`;
      const on = row.mode !== "off";
      // A thermostat's tap turns it off, or back on in its last mode: call_service, judged.
      chips.push(HM.canCallTools() && row.mode !== "unavailable"
        ? h("button", {
          type: "button", class: on ? "on" : "", disabled: busy, "data-climate": row.entity_id,
          "aria-pressed": on ? "true" : "false",
          title: t(on ? "house_climate_off" : "house_climate_on", { name: row.name || row.entity_id }),
          onclick: () => ask("climate", on ? "turn_off" : "turn_on", { entity_id: row.entity_id }),
        }, label)
        : h("span", { class: "muted" }, label));
    }
    for (const row of Array.isArray(area.media) ? area.media : []) {
      chips.push(h("span", { class: "muted" }, `${row.name || row.entity_id}: ${row.state}`));
    }
    return h("div", { class: "room", "data-area": area.area_id },
      h("h3", {}, area.name),
      h("div", { class: "muted" }, t("house_entities", { count: area.entities || 0 })),
      h("div", { class: "row" }, chips));
  }

  function draw() {
    if (!overview) return;
    if (overview.ok === false) return HM.show(RequestCard.failure(overview));
    const security = overview.security || [];
    const parts = [
      h("h1", {}, t("house_security")),
      security.length
        ? h("ul", { class: "plain security card" }, security.map(securityRow))
        : h("p", { class: "muted" }, t("house_all_secure")),
    ];
    if (answer) parts.push(answer);
    parts.push(h("h2", {}, t("house_rooms")));
    for (const floor of overview.floors || []) {
      if (!(floor.areas || []).length) continue;
      parts.push(h("h3", {}, floor.floor_id ? floor.name : t("house_no_floor")));
      parts.push(h("div", { class: "grid" }, floor.areas.map(room)));
    }
    if (overview.unassigned && overview.unassigned.total) {
      parts.push(h("p", { class: "muted" }, t("house_unassigned", { count: overview.unassigned.total })));
    }
    HM.show(...parts);
  }

  HM.show(h("p", { class: "muted" }, t("loading")));
  HM.on("ui/notifications/tool-result", (result) => {
    overview = HM.payloadOf(result) || { ok: false, message: t("no_data") };
    answer = null;
    draw();
  });
  HM.start("house").catch(() => {});
})();
