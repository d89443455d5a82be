/// The page's one style sheet: the calm palette of the product documents
/// (paper background, navy text, amber for must-dos, teal for tasks, green
/// for done, yellow for under pace; nothing red), a dark variant by
/// `prefers-color-scheme`, and a print style sheet.
enum HTMLStyleSheet {
    static let css = """
    :root { --paper: #f7f3ea; --card: #fffdf8; --ink: #1f2a44; --muted: #5d6679; --line: #dcd5c6;
      --amber: #c98a1b; --teal: #2a7f86; --green: #3f8f5f; --pace: #d8a800; --faint: #e8e2d4; }
    @media (prefers-color-scheme: dark) {
      :root { --paper: #161b26; --card: #1e2432; --ink: #e8e4da; --muted: #a3a9b8; --line: #343c4e;
        --amber: #e0a640; --teal: #4fb3b9; --green: #6fbf8a; --pace: #e8c547; --faint: #2a3142; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--paper); color: var(--ink);
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
    header, main, footer { max-width: 980px; margin: 0 auto; padding: 0 20px; }
    header { padding-top: 28px; }
    h1 { font-size: 26px; margin: 0; letter-spacing: .02em; }
    h2 { font-size: 19px; margin: 34px 0 12px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
    h3 { font-size: 16px; margin: 0 0 8px; }
    .sub, .muted, figcaption, .badges { color: var(--muted); }
    .badges { font-size: 13px; margin: 0 0 6px; }
    nav { margin-top: 10px; display: flex; flex-wrap: wrap; gap: 14px; }
    nav a, a { color: var(--teal); text-decoration: none; }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; margin: 12px 0; }
    .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 12px; }
    table { border-collapse: collapse; }
    td, th { padding: 3px 10px 3px 0; text-align: left; vertical-align: baseline; }
    th { font-weight: 600; color: var(--muted); font-size: 13px; }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
    .pace { display: inline-block; width: 9px; height: 9px; border-radius: 50%; background: var(--pace); margin-left: 6px; }
    .must { color: var(--amber); font-weight: 600; }
    .task { color: var(--teal); }
    .done { color: var(--green); }
    .chips { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0 10px; }
    .chip { border: 1px solid var(--line); border-radius: 999px; padding: 2px 10px; font-size: 13px; background: var(--paper); }
    .bar { height: 8px; border-radius: 4px; background: var(--faint); min-width: 120px; }
    .bar > span { display: block; height: 100%; border-radius: 4px; background: var(--green); }
    .matrix td { text-align: center; padding: 1px 3px; font-size: 14px; }
    .matrix th.day { font-weight: 400; font-size: 11px; text-align: center; }
    .cell-done { color: var(--green); } .cell-kinda { color: var(--green); opacity: .6; }
    .cell-missed, .cell-not-expected { color: var(--muted); } .cell-pending { color: var(--teal); }
    svg { max-width: 100%; height: auto; display: block; }
    svg text { fill: var(--muted); font: 10px system-ui, sans-serif; }
    details { margin: 6px 0; font-size: 13px; } summary { cursor: pointer; color: var(--muted); }
    footer { margin: 40px auto 30px; color: var(--muted); font-size: 13px; }
    @media print {
      :root { --paper: #fff; --card: #fff; --ink: #000; }
      nav, details, footer { display: none; }
      section { break-inside: avoid-page; } .card { break-inside: avoid; }
    }
    """
}
