// The request app: the result of call_service, run_macro or get_confirmation.
(() => {
  HM.show(HM.h("p", { class: "muted" }, HM.t("loading")));
  HM.on("ui/notifications/tool-result", (result) => {
    const payload = HM.payloadOf(result);
    HM.show(payload ? RequestCard.forResult(payload) : HM.h("p", { class: "muted" }, HM.t("no_data")));
  });
  HM.start("request").catch(() => {});
})();
