#!/bin/sh
# mkwordlists.sh - regenerate the shipped word lists in data/words/ (run
# from the top of the tree; needs aspell, aspell-is, aspell-hu and perl):
#
#   apt-get install -y aspell aspell-is aspell-hu
#   ENABLE2K=path/to/enable2k.txt sh tools/mkwordlists.sh [OUTDIR]   (default data/words)
#
# en.txt  ENABLE2K (public domain, 173,528 words), the word list of word-game
#         programs and Boggle research.  It is in no Debian package: the
#         script copies the file named by $ENABLE2K (default
#         ../shared/words/enable2k.txt, the project's shared copy), lower-cased,
#         sorted and made unique, and checks that every line matches ^[a-z]+$
#         and that there are 173,528 words (else it stops: not ENABLE2K).
# is.txt  `aspell --encoding=utf-8 -d is dump master`: the Icelandic dictionary stores full
#         forms (no affix flags), so no `aspell expand` is needed.  Entries
#         written with a capital (proper names, abbreviations) are dropped;
#         the rest must consist of the 32 letters of data/alphabets/is.txt.
# hu.txt  `aspell -d hu dump master` with the affix flags ("/AUKQ...")
#         removed: a stem list (expanding the affixes would give millions of
#         forms).  Capitalised entries (proper names) are dropped; the rest
#         must consist of the 35 letters of data/alphabets/hu.txt (this drops
#         hyphenated stems such as "abc-s").
#
# Every list is sorted bytewise (LC_ALL=C) and made unique.  The script prints
# the number of words written and dropped for each list.
set -eu
OUT=${1:-data/words}
ENABLE2K=${ENABLE2K:-../shared/words/enable2k.txt}
LC_ALL=C; export LC_ALL
mkdir -p "$OUT"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkwordlists.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

need() { command -v "$1" >/dev/null 2>&1 || { echo "mkwordlists: $1 not found ($2)" >&2; exit 1; }; }
need aspell "apt-get install aspell aspell-is aspell-hu"
need perl "apt-get install perl"

[ -f "$ENABLE2K" ] || { echo "mkwordlists: $ENABLE2K missing (set ENABLE2K=path/to/enable2k.txt)" >&2; exit 1; }

# keep LETTERS < IN > OUT: keep lines made only of the given letters (UTF-8);
# prints "kept dropped" counts on stderr-free stdout of the caller.
keep() {
    perl -CSDA -e '
        my $letters = shift; my ($kept, $dropped) = (0, 0);
        open(my $out, ">:encoding(UTF-8)", shift) or die "$!";
        while (my $w = <STDIN>) {
            chomp $w; next if $w eq "";
            if ($w =~ /^[\Q$letters\E]+$/) { print $out "$w\n"; $kept++ } else { $dropped++ }
        }
        close $out or die "$!";
        print "$kept $dropped\n";' "$1" "$2"
}

# ---- English: ENABLE2K ----------------------------------------------------
tr -d '\r' < "$ENABLE2K" | tr 'A-Z' 'a-z' | sed '/^$/d' | sort -u > "$tmp/en.u"
if grep -qv '^[a-z][a-z]*$' "$tmp/en.u"; then
    echo "mkwordlists: $ENABLE2K has lines other than ^[a-z]+\$: not ENABLE2K" >&2; exit 1
fi
n=$(wc -l < "$tmp/en.u")
[ "$n" -eq 173528 ] || { echo "mkwordlists: $ENABLE2K has $n words, ENABLE2K has 173528" >&2; exit 1; }
cp "$tmp/en.u" "$OUT/en.txt"
echo "en.txt: $n words (ENABLE2K, from $ENABLE2K)"

# ---- Icelandic: aspell-is full forms ----------------------------------------
aspell --encoding=utf-8 -d is dump master > "$tmp/is.raw"
# aspell-is has no affix flags; if a future version has, expand them.
if grep -q / "$tmp/is.raw"; then
    aspell --encoding=utf-8 -l is expand < "$tmp/is.raw" | tr ' ' '\n' > "$tmp/is.exp"
    mv "$tmp/is.exp" "$tmp/is.raw"
fi
sort -u "$tmp/is.raw" > "$tmp/is.u"
set -- $(keep 'aábdðeéfghiíjklmnoóprstuúvxyýþæö' "$tmp/is.k" < "$tmp/is.u")
sort -u "$tmp/is.k" > "$OUT/is.txt"
echo "is.txt: $(wc -l < "$OUT/is.txt") words ($(wc -l < "$tmp/is.raw") aspell entries, $2 dropped: capitalised or letters outside the alphabet)"

# ---- Hungarian: aspell-hu stems --------------------------------------------
aspell --encoding=utf-8 -d hu dump master | sed 's,/.*,,' | sort -u > "$tmp/hu.u"
set -- $(keep 'aábcdeéfghiíjklmnoóöőpqrstuúüűvwxyz' "$tmp/hu.k" < "$tmp/hu.u")
sort -u "$tmp/hu.k" > "$OUT/hu.txt"
echo "hu.txt: $(wc -l < "$OUT/hu.txt") stems ($(wc -l < "$tmp/hu.u") distinct aspell stems, $2 dropped: capitalised, hyphenated or letters outside the alphabet)"
