# Turns gen-reference.js's output into engine/fumen/reference_test.go:
#   python3 gotable.py ref.json > ../reference_test.go && gofmt -w ../reference_test.go
import json, sys
d = json.load(open(sys.argv[1]))
rot = {'spawn': '0', 'right': 'R', 'reverse': '2', 'left': 'L'}

def gostr(s):
    return json.dumps(s, ensure_ascii=False)

out = []
out.append('''// Code generated from tetris-fumen 1.1.3 output; see fumen_test.go for how. DO NOT EDIT.

package fumen_test

// reference holds fumen strings written by knewjade's tetris-fumen (npm
// package tetris-fumen 1.1.3, encoder.encode) and what its decoder reads
// back from each page: the field (rows top first from the highest
// non-empty one, then the garbage row after a line of dashes when it is
// not empty), the piece (kind, rotation, centre x and y as tetris-fumen
// gives them) with the squares Mino.positions() lists, the comment and
// the flags.
var reference = []refCase{''')
for c in d:
    out.append('\t{')
    out.append('\t\tname:  %s,' % gostr(c['name']))
    out.append('\t\tfumen: %s,' % gostr(c['fumen']))
    out.append('\t\tpages: []refPage{')
    first_comment = None
    for i, p in enumerate(c['pages']):
        rows = p['rows']
        while rows and rows[0] == '_' * 10:
            rows = rows[1:]
        rows = [r.replace('_', '.') for r in rows]
        if p['garbage'] != '_' * 10:
            rows = rows + ['----------', p['garbage'].replace('_', '.')]
        piece = ''
        cells = 'nil'
        if p['piece']:
            q = p['piece']
            piece = '%s %s %d %d' % (q['type'], rot[q['rotation']], q['x'], q['y'])
            cells = '[][2]int{' + ', '.join('{%d, %d}' % (a, b) for a, b in q['cells']) + '}'
        flags = ' '.join(k for k in ['lock', 'rise', 'mirror', 'colorize', 'quiz'] if p['flags'][k])
        comment = p['comment']
        note = ''
        if i == 0:
            first_comment = comment
        elif p['flags']['quiz'] and comment != first_comment:
            # tetris-fumen plays the quiz forward; kocka keeps the text as written.
            note = ' // tetris-fumen shows the quiz played on: %s' % gostr(comment)
            comment = first_comment
        out.append('\t\t\t{')
        if rows:
            out.append('\t\t\t\tfield: []string{')
            for r in rows:
                out.append('\t\t\t\t\t%s,' % gostr(r))
            out.append('\t\t\t\t},')
        if piece:
            out.append('\t\t\t\tpiece: %s,' % gostr(piece))
            out.append('\t\t\t\tcells: %s,' % cells)
        if comment:
            out.append('\t\t\t\tcomment: %s,%s' % (gostr(comment), note))
        out.append('\t\t\t\tflags: %s,' % gostr(flags))
        out.append('\t\t\t},')
    out.append('\t\t},')
    out.append('\t},')
out.append('}')
print('\n'.join(out))
