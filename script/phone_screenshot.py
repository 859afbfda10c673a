"""Render Home MCP's push payload as the iOS companion app shows it (long-press), and screenshot it.

No phone is needed: the payload (as `approvals.phone.push_data` builds it, secrets shortened)
is drawn in a browser page and captured with Chromium. Run from the repository:

    .venv/bin/python script/phone_screenshot.py docs/assets/screenshots/phone-approval-ios.png
"""

import asyncio
import html
import sys

from playwright.async_api import async_playwright

# The payload as Home MCP sends it (secrets shortened: they never show on screen).
payload = {
    "message": "Unlock Front Door — asked by “Claude” for Alice",
    "title": "Home MCP",
    "data": {
        "tag": "home_mcp_5955e3e79cedd6bd",
        "url": "/home-mcp/confirmation/5955e3e79cedd6bd",
        "push": {"interruption-level": "time-sensitive"},
        "actions": [
            {"action": "HOME_MCP_APPROVE_…", "title": "Approve", "authenticationRequired": True},
            {"action": "HOME_MCP_DENY_…", "title": "Deny", "destructive": True},
        ],
    },
}
buttons = "".join(
    f'<div class="action{" destructive" if a.get("destructive") else ""}">{html.escape(a["title"])}'
    f"{'<svg class=lock width=14 height=18 viewBox="0 0 14 18"><rect x=1 y=8 width=12 height=9 rx=2 fill="#555"/><path d="M4 8V5a3 3 0 0 1 6 0v3" stroke="#555" stroke-width=2 fill=none/></svg>' if a.get('authenticationRequired') else ''}</div>"
    for a in payload["data"]["actions"]
)
page = f"""<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin:0; width:390px; height:520px; font-family: -apple-system, 'Helvetica Neue', Arial, sans-serif;
  background: linear-gradient(160deg,#2b3a55,#6b4f7a 60%,#c98b6b); display:flex; flex-direction:column; align-items:center; }}
.time {{ color:#fff; font-size:64px; font-weight:600; margin-top:36px; letter-spacing:-1px; }}
.date {{ color:#fff; opacity:.85; font-size:17px; margin-bottom:26px; }}
.card {{ width:358px; background:rgba(245,245,247,.88); border-radius:18px; padding:12px 14px; box-sizing:border-box; backdrop-filter: blur(20px); }}
.head {{ display:flex; align-items:center; gap:8px; font-size:13px; color:#555; }}
.icon {{ width:20px; height:20px; border-radius:5px; background:#18bcf2; color:#fff; font-size:13px; display:flex; align-items:center; justify-content:center; }}
.when {{ margin-left:auto; }}
.sens {{ font-size:12px; color:#555; margin-top:6px; text-transform:uppercase; letter-spacing:.3px; }}
.title {{ font-weight:600; font-size:15px; margin-top:2px; color:#111; }}
.msg {{ font-size:15px; color:#111; margin-top:2px; }}
.actions {{ width:358px; margin-top:8px; background:rgba(245,245,247,.88); border-radius:14px; overflow:hidden; }}
.action {{ padding:13px 16px; font-size:17px; color:#111; border-top:1px solid rgba(0,0,0,.12); display:flex; }}
.action:first-child {{ border-top:none; }}
.action.destructive {{ color:#e0263a; }}
.lock {{ margin-left:auto; align-self:center; }}
</style></head><body>
<div class="time">9:41</div><div class="date">Sunday 6 December</div>
<div class="card"><div class="head"><div class="icon">⌂</div>HOME ASSISTANT<span class="when">now</span></div>
<div class="sens">Time sensitive</div>
<div class="title">{html.escape(payload["title"])}</div><div class="msg">{html.escape(payload["message"])}</div></div>
<div class="actions">{buttons}</div>
</body></html>"""


async def main(out: str) -> None:
    """Draw the page and save its screenshot to `out`."""
    async with async_playwright() as p:
        b = await p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
            ],
        )
        pg = await b.new_page(viewport={"width": 390, "height": 520}, device_scale_factor=2)
        await pg.set_content(page)
        await pg.screenshot(path=out)
        await b.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
