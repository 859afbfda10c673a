// Placeholder: the panel arrives in the next commit.
class HomeMcpPanel extends HTMLElement {}
customElements.define("home-mcp-panel", HomeMcpPanel);
