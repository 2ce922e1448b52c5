#!/usr/bin/env python3
"""Turns a terminal screen captured with `tmux capture-pane -p -e` (text with ANSI colour
escapes) into an SVG image, one monospaced cell per character, colours as xterm shows them.

    python3 ansi_to_svg.py screen.ansi screen.svg --columns 100 --rows 30 --title "sqlive"

Only what sqlive and tmux write is understood: SGR codes for bold, dim, reverse and the 16
colours (plus 256-colour and true-colour foregrounds); other escapes are dropped.
"""
import argparse
import html
import re
import unicodedata

# xterm's default palette for the 16 colours, tuned to a dark background.
PALETTE = [
    "#1e1e1e", "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#d0d0d0",
    "#7f848e", "#ff7b86", "#b5e890", "#ffd68a", "#80c4ff", "#e09cff", "#7fdbe6", "#ffffff",
]
FOREGROUND, BACKGROUND = "#d0d0d0", "#1e1e1e"
# At 15.4 px, DejaVu Sans Mono's box-drawing glyphs fill an 18 px cell, so lines join up.
CELL_WIDTH, CELL_HEIGHT, FONT_SIZE, BASELINE, PADDING, TITLE_HEIGHT = 9.27, 18, 15.4, 14.3, 12, 26
ESCAPE = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b[()][0-9A-Za-z]|\x1b.")


def colour_256(index):
    if index < 16:
        return PALETTE[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[index // 36], steps[index // 6 % 6], steps[index % 6])
    grey = 8 + (index - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.reverse = False

    def apply(self, parameters):
        codes = [int(p) if p else 0 for p in parameters.split(";")] if parameters else [0]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == 0:
                self.reset()
            elif code == 1:
                self.bold = True
            elif code == 2:
                self.dim = True
            elif code == 22:
                self.bold = self.dim = False
            elif code == 7:
                self.reverse = True
            elif code == 27:
                self.reverse = False
            elif 30 <= code <= 37:
                self.fg = PALETTE[code - 30]
            elif 90 <= code <= 97:
                self.fg = PALETTE[code - 90 + 8]
            elif code == 39:
                self.fg = None
            elif 40 <= code <= 47:
                self.bg = PALETTE[code - 40]
            elif 100 <= code <= 107:
                self.bg = PALETTE[code - 100 + 8]
            elif code == 49:
                self.bg = None
            elif code in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour, i = colour_256(codes[i + 2]), i + 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour, i = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]), i + 4
                else:
                    colour = None
                if code == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1

    def colours(self):
        fg, bg = self.fg or FOREGROUND, self.bg
        if self.reverse:
            fg, bg = bg or BACKGROUND, fg
        return fg, bg

    def key(self):
        return (self.colours(), self.bold, self.dim)


def cells(line):
    """The line's characters with the style in force for each, and their columns."""
    style, column, result = Style(), 0, []
    position = 0
    for match in ESCAPE.finditer(line + "\x1b[0m"):
        for character in line[position:match.start()]:
            width = 2 if unicodedata.east_asian_width(character) in "WF" else 1
            result.append((column, character, style.key()))
            column += width
        if match.group(2) == "m":
            style.apply(match.group(1))
        position = match.end()
    return result


def runs(line):
    """Consecutive characters of one style: (first column, text, style)."""
    grouped = []
    for column, character, key in cells(line):
        if grouped and grouped[-1][2] == key and grouped[-1][0] + len(grouped[-1][1]) == column:
            grouped[-1][1] += character
        else:
            grouped.append([column, character, key])
    return grouped


def svg(lines, columns, rows, title):
    width = PADDING * 2 + columns * CELL_WIDTH
    height = PADDING * 2 + rows * CELL_HEIGHT + TITLE_HEIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">',
        f'<rect width="100%" height="100%" rx="8" fill="{BACKGROUND}"/>',
        f'<rect width="100%" height="{TITLE_HEIGHT}" rx="8" fill="#3a3a3a"/>',
        f'<rect y="{TITLE_HEIGHT - 8}" width="100%" height="8" fill="#3a3a3a"/>',
        f'<text x="{width / 2:.1f}" y="{TITLE_HEIGHT - 8}" fill="#cfcfcf" font-family="DejaVu Sans, sans-serif" '
        f'font-size="13" text-anchor="middle">{html.escape(title)}</text>',
        f'<g font-family="DejaVu Sans Mono, monospace" font-size="{FONT_SIZE}" xml:space="preserve">',
    ]
    for row, line in enumerate(lines[:rows]):
        top = TITLE_HEIGHT + PADDING + row * CELL_HEIGHT
        for column, text, ((fg, bg), bold, dim) in runs(line):
            x = PADDING + column * CELL_WIDTH
            span = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text) * CELL_WIDTH
            if bg:
                out.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="{span:.1f}" height="{CELL_HEIGHT}" fill="{bg}"/>')
            if text.strip():
                attributes = f' fill="{fg}"'
                if bold:
                    attributes += ' font-weight="bold"'
                if dim:
                    attributes += ' opacity="0.6"'
                out.append(f'<text x="{x:.1f}" y="{top + BASELINE:.1f}" textLength="{span:.1f}" '
                           f'lengthAdjust="spacingAndGlyphs"{attributes}>{html.escape(text)}</text>')
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("capture")
    parser.add_argument("output")
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=30)
    parser.add_argument("--title", default="sqlive")
    arguments = parser.parse_args()
    with open(arguments.capture, encoding="utf-8") as capture:
        lines = capture.read().split("\n")
    with open(arguments.output, "w", encoding="utf-8") as output:
        output.write(svg(lines, arguments.columns, arguments.rows, arguments.title))


if __name__ == "__main__":
    main()
