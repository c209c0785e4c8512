#!/usr/bin/env python3
"""
Makes assets/fonts/NotoSansSC-gb2312.otf, the font the offer PDF is written in (modules/sales/offer-pdf.ts).

Source: Noto Sans CJK SC Regular (SIL Open Font License 1.1, no reserved font name) from Debian's
fonts-noto-cjk. Kept: ASCII, Latin-1, general and CJK punctuation, full-width forms, the yuan sign and every
character of GB 2312 (6,763 hanzi: the common Chinese names, models and addresses). The server reads the file
it ships, never a system font. Needs fonttools (Debian: python3-fonttools):

    /usr/bin/python3 apps/server/scripts/cjk-font-subset.py
"""
import os
from fontTools import subset
from fontTools.ttLib import TTCollection

SRC = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
OUT = os.path.join(os.path.dirname(__file__), '..', 'assets', 'fonts', 'NotoSansSC-gb2312.otf')

chars = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100))
chars |= set(range(0x2000, 0x2070)) | set(range(0x3000, 0x3040)) | set(range(0xFF00, 0xFFF0))
chars |= {0x00A5, 0x20AC, 0x2103, 0x2116, 0x2122, 0x25CB, 0x25CF, 0x2605, 0x2606, 0x00D7, 0x00F7}
# GB 2312: rows 0xA1-0xF7, cells 0xA1-0xFE, decoded as gb2312 (symbols and hanzi both).
for hi in range(0xA1, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.add(ord(bytes([hi, lo]).decode('gb2312')))
        except UnicodeDecodeError:
            pass

font = TTCollection(SRC).fonts[2]  # Noto Sans CJK SC
assert font['name'].getDebugName(4) == 'Noto Sans CJK SC'
opts = subset.Options()
opts.layout_features = ['*']
opts.name_IDs = ['*']
opts.name_languages = ['*']
opts.notdef_outline = True
opts.hinting = False
opts.desubroutinize = False
s = subset.Subsetter(opts)
s.populate(unicodes=sorted(chars))
s.subset(font)
font.save(OUT)
print(OUT, os.path.getsize(OUT), 'bytes,', len(chars), 'characters')
