# Sourced by the benchmark scripts: installs hyperfine, GNU time and sqlite3 (and valgrind,
# when NEED_VALGRIND=1) from Debian's packages when one is missing.
need=""
command -v hyperfine >/dev/null || need="$need hyperfine"
[ -x /usr/bin/time ] || need="$need time"
command -v sqlite3 >/dev/null || need="$need sqlite3"
[ "${NEED_VALGRIND:-0}" = 1 ] && ! command -v valgrind >/dev/null && need="$need valgrind"
if [ -n "$need" ]; then
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null
fi
