# Starts at (X, Y) and plays the given actions in order (e.g. "r 0" "u -1"),
# one per turn, then stays: lets tests script rule deaths through a process.
x=$1; y=$2; shift 2
read line || exit 0
echo "[POS] $x $y"
while read line; do
    if [ $# -gt 0 ]; then echo "[ACTION] $1"; shift; else echo "[ACTION] s 0"; fi
done
