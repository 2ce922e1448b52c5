#!/bin/bash
# Renders the README's screenshots from real sqlive sessions: each scene is typed into
# sqlive in a tmux terminal, captured with its colours (tmux capture-pane -e), turned into an
# SVG by ansi_to_svg.py, then into a PNG by rsvg-convert.
#
#   bash docs/screenshots/render.sh          # from the repository root; writes docs/screenshots/*.png
#
# Installs tmux, sqlite3 and librsvg2-bin with apt-get when one is missing, and builds
# sqlive (swift build) when .build/debug/sqlive is not there. Each step waits for what it
# expects on the screen, never for a fixed time.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=docs/screenshots
sqlive=$PWD/.build/debug/sqlive

missing=()
command -v tmux >/dev/null || missing+=(tmux)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}"
fi
[ -x "$sqlive" ] || swift build

work=$(mktemp -d)
socket=""
trap 'close; rm -rf "$work"' EXIT
"$sqlive" "$work/shop.db" < examples/shop.sql
columns=100
rows=30

# Ends the current scene's terminal.
close() {
    if [ -n "$socket" ]; then tmux -L "$socket" kill-server 2>/dev/null || true; fi
}
# Starts sqlive on the shop in a fresh terminal, a tmux server of its own per scene.
start() {
    close
    socket="sqlive-screenshots-$$-$1"
    tmux -L "$socket" -f /dev/null new-session -d -s main -x $columns -y $rows \
        "cd '$work' && exec env HOME='$work' SQLIVE_HISTORY='$work/history' LANG=C.UTF-8 TERM=xterm-256color '$sqlive' --no-init shop.db"
    wait_for 'sqlive>'
}
# Types a line (a final ; is escaped: tmux reads it as a separator) and presses Enter.
enter() {
    local line=$1
    [[ $line == *';' ]] && line="${line%;}\\;"
    tmux -L "$socket" send-keys -t main -l "$line"
    tmux -L "$socket" send-keys -t main Enter
}
# Waits until the screen matches a grep pattern (10 s at most).
wait_for() {
    for _ in $(seq 200); do
        tmux -L "$socket" capture-pane -p -t main | grep -q -- "$1" && return 0
        sleep 0.05
    done
    echo "render.sh: the screen never showed: $1" >&2
    tmux -L "$socket" capture-pane -p -t main >&2
    exit 1
}
# Captures the screen with its colours and renders it as NAME.png.
shoot() {
    tmux -L "$socket" capture-pane -p -e -t main > "$work/$1.ansi"
    python3 "$out/ansi_to_svg.py" "$work/$1.ansi" "$work/$1.svg" --columns $columns --rows $rows --title "$2"
    rsvg-convert "$work/$1.svg" -o "$out/$1.png"
    echo "wrote $out/$1.png"
}

# 1. The first minute: the greeting, a DSL query, NULL shown as NULL.
start first-minute
enter "product.filter(stock == nil || stock < 3).select(name, price, stock).order(price.desc).limit(6)"
wait_for '(6 rows)'
enter "customer.select(name, email, city).limit(4)"
wait_for '(4 rows)'
shoot first-minute "sqlive shop.db — the DSL, results that fit, NULL"

# 2. Two docked panes, then one commit that changes a row of each: both repaint at once,
#    the changed cells highlighted (for 3 s: the capture is taken as soon as they show).
start dock
enter ".pin --name stock SELECT name, stock FROM product WHERE stock IS NOT NULL ORDER BY name LIMIT 5"
wait_for '1 stock'
enter ".pin --name revenue SELECT c.name AS category, round(sum(i.quantity * i.unitPrice), 2) AS revenue FROM order_item i JOIN product p ON p.id = i.productId JOIN category c ON c.id = p.categoryId GROUP BY c.name ORDER BY revenue DESC"
wait_for '2 revenue'
enter "BEGIN; UPDATE product SET stock = stock - 40 WHERE name = 'Bread Tin'; INSERT INTO order_item(orderId, productId, quantity, unitPrice) SELECT 1, id, 40, price FROM product WHERE name = 'Bread Tin'; COMMIT;"
wait_for 'revenue · 5 rows · 2 refreshes'
shoot dock "sqlive shop.db — two panes after one commit"

# 3. Side by side on the same shop, sqlite3 3.40 on the left and sqlive on the right, the same
#    keys typed into both: Tab after WHERE (sqlive lists the columns in scope), a write (sqlive
#    says how many rows changed), then a statement ended by \G (sqlive shows it expanded).
close
socket="sqlive-screenshots-$$-side-by-side"
half=80
# sqlite3 gets a copy of the shop, so that each shell's write finds the same rows.
mkdir -p "$work/left" && cp "$work/shop.db" "$work/left/shop.db"
tmux -L "$socket" -f /dev/null new-session -d -s main -x $((half * 2 + 1)) -y $rows \
    "cd '$work/left' && exec env HOME='$work' LANG=C.UTF-8 TERM=xterm-256color sqlite3 -box shop.db"
tmux -L "$socket" split-window -h -t main \
    "cd '$work' && exec env HOME='$work' SQLIVE_HISTORY='$work/history' LANG=C.UTF-8 TERM=xterm-256color '$sqlive' --no-init --quiet shop.db"
both() { for pane in 0 1; do tmux -L "$socket" send-keys -t "main.$pane" "$@"; done; }
pane_shows() {
    for _ in $(seq 200); do
        tmux -L "$socket" capture-pane -p -t "main.$1" | grep -q -- "$2" && return 0
        sleep 0.05
    done
    echo "render.sh: pane $1 never showed: $2" >&2
    tmux -L "$socket" capture-pane -p -t "main.$1" >&2
    exit 1
}
pane_shows 0 'sqlite>'
pane_shows 1 'sqlive>'
both -l "SELECT name, stock FROM product WHERE "
both Tab
pane_shows 1 'categoryId'
both -l "stock < 3 LIMIT 2"
both -l '\;'
both Enter
pane_shows 1 '(2 rows)'
both -l "UPDATE product SET stock = stock + 10 WHERE stock < 3"
both -l '\;'
both Enter
pane_shows 1 'rows updated)'
both -l "SELECT name, price, stock FROM product WHERE id = 1\\G"
both Enter
pane_shows 1 'price = '
for pane in 0 1; do tmux -L "$socket" capture-pane -p -e -t "main.$pane" > "$work/side-$pane.ansi"; done
# The two screens joined line by line, the left one padded to its width, a rule between.
python3 - "$work/side-0.ansi" "$work/side-1.ansi" "$half" > "$work/side-by-side.ansi" <<'PYTHON'
import re, sys, unicodedata
left, right = (open(path, encoding="utf-8").read().split("\n") for path in sys.argv[1:3])
half = int(sys.argv[3])
def width(line):
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
for index in range(max(len(left), len(right))):
    a = left[index] if index < len(left) else ""
    b = right[index] if index < len(right) else ""
    print(a + "\x1b[0m" + " " * max(0, half - width(a)) + "\x1b[2m│\x1b[0m" + b)
PYTHON
python3 "$out/ansi_to_svg.py" "$work/side-by-side.ansi" "$work/side-by-side.svg" --columns $((half * 2 + 1)) --rows $rows \
    --title "sqlite3 3.40 (left) and sqlive (right) on shop.db — Tab after WHERE, a write, \\G"
rsvg-convert "$work/side-by-side.svg" -o "$out/side-by-side.png"
echo "wrote $out/side-by-side.png"
