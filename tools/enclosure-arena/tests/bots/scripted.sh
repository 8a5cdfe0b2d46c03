# A well-behaved bot: appends every line it receives to LOG, starts at (X, Y),
# plays the given actions in order (e.g. "r 0" "u -1"), one per turn, then
# stays. Usage: scripted.sh LOG X Y [ACTION...]. Exits at end of input.
log=$1; x=$2; y=$3; shift 3
read line || exit 0
echo "$line" >> "$log"
echo "[POS] $x $y"
while read line; do
    echo "$line" >> "$log"
    if [ $# -gt 0 ]; then echo "[ACTION] $1"; shift; else echo "[ACTION] s 0"; fi
done
