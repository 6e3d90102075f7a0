#!/bin/sh
# Put Mahjong Atlas in your applications menu (for your user only; nothing needs root).
# Run it from the MahjongAtlas folder, or from anywhere: ./install-desktop-entry.sh
# It copies the menu entry and the icons into ~/.local/share (or $XDG_DATA_HOME), pointing the
# entry at this folder's MahjongAtlas. Run it again after moving the folder. To take the entry
# away: ./install-desktop-entry.sh --remove
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/MahjongAtlas.desktop"
if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry"
    for icon in "$data"/icons/hicolor/*/apps/mahjong-atlas.png; do rm -f "$icon"; done
    echo "Mahjong Atlas is no longer in your applications menu."
    exit 0
fi
for png in "$here"/share/icons/hicolor/*/apps/mahjong-atlas.png; do
    size=$(basename "$(dirname "$(dirname "$png")")")
    mkdir -p "$data/icons/hicolor/$size/apps"
    cp "$png" "$data/icons/hicolor/$size/apps/mahjong-atlas.png"
done
mkdir -p "$data/applications"
sed "s|^Exec=.*|Exec=\"$here/MahjongAtlas\"|" "$here/share/applications/MahjongAtlas.desktop" > "$entry"
chmod 644 "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" >/dev/null 2>&1 || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" >/dev/null 2>&1 || true
echo "Mahjong Atlas is now in your applications menu (Games)."
