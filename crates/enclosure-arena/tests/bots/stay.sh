# A well-behaved bot: starts at (X, Y) (arguments, default 0 0), stays put,
# and appends every line it receives to LOG (third argument, optional).
x=${1:-0}; y=${2:-0}; log=${3:-/dev/null}
echo $$ > "$log.pid" 2>/dev/null
read line || exit 0
echo "$line" >> "$log"
echo "[POS] $x $y"
while read line; do
    echo "$line" >> "$log"
    echo "[ACTION] s 0"
done
