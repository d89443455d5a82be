#!/usr/bin/env python3
"""Checks that a page from `units html` is valid, self-contained HTML.

Usage: check_html.py FILE.html  -> prints problems, exits 1 if any.
Checks, with Python's html.parser and xml.etree: a doctype, lang and
charset; every element closed and properly nested (void elements aside);
unique ids; no reference to anything outside the file (src, href other
than #fragments, url(...), @import); no script; each inline <svg> is
well-formed XML with a <title>; every <img>/<svg> has a text equivalent.
"""
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.ids, self.problems = [], set(), []
        self.doctype = False
        self.lang = False
        self.charset = False

    def where(self):
        line, col = self.getpos()
        return f"{line}:{col + 1}"

    def handle_decl(self, decl):
        if decl.lower() == "doctype html":
            self.doctype = True

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html" and a.get("lang"):
            self.lang = True
        if tag == "meta" and a.get("charset", "").lower() == "utf-8":
            self.charset = True
        if tag == "script":
            self.problems.append(f"{self.where()}: a <script> (the page must need none)")
        if "id" in a:
            if a["id"] in self.ids:
                self.problems.append(f"{self.where()}: duplicate id '{a['id']}'")
            self.ids.add(a["id"])
        for name in ("src", "href", "xlink:href", "action", "poster"):
            value = a.get(name)
            if value is not None and not value.startswith("#"):
                self.problems.append(f"{self.where()}: {name}='{value}' points outside the page")
        if "url(" in a.get("style", ""):
            self.problems.append(f"{self.where()}: url() in a style attribute")
        if tag not in VOID:
            self.stack.append((tag, self.where()))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append(f"{self.where()}: </{tag}> closes nothing")
            return
        open_tag, at = self.stack[-1]
        if open_tag != tag:
            self.problems.append(f"{self.where()}: </{tag}> closes <{open_tag}> opened at {at}")
            # recover: pop to the matching tag if any
            for k in range(len(self.stack) - 1, -1, -1):
                if self.stack[k][0] == tag:
                    del self.stack[k:]
                    return
            return
        self.stack.pop()


def main(path):
    text = open(path, encoding="utf-8").read()
    checker = Checker()
    checker.feed(text)
    checker.close()
    problems = checker.problems
    if not checker.doctype:
        problems.append("no <!DOCTYPE html>")
    if not checker.lang:
        problems.append("<html> has no lang")
    if not checker.charset:
        problems.append("no <meta charset=\"utf-8\">")
    for tag, at in checker.stack:
        problems.append(f"{at}: <{tag}> is never closed")
    for style in re.findall(r"<style>(.*?)</style>", text, re.S):
        if re.search(r"url\(|@import", style):
            problems.append("the style sheet loads something (url() or @import)")
    for k, svg in enumerate(re.findall(r"<svg\b.*?</svg>", text, re.S)):
        try:
            root = ET.fromstring(svg)
        except ET.ParseError as error:
            problems.append(f"svg #{k + 1} is not well-formed XML: {error}")
            continue
        if root.find("{http://www.w3.org/2000/svg}title") is None:
            problems.append(f"svg #{k + 1} has no <title> (no text equivalent)")
    for problem in problems:
        print(f"{path}: {problem}")
    print(f"checked {path}: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
