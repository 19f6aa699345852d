# ---- output: by default the terminal '@TERM@', into a file next to this
#      script named after it.  Any terminal this gnuplot has works without
#      editing: gnuplot -e "term='svg'" @NAME@.gp  (pngcairo, png, svg,
#      pdfcairo, pdf, dumb, canvas, epscairo, postscript, jpeg, gif, tikz,
#      ...: see gnuplot -e 'set terminal').  The file's extension follows the
#      terminal's family: .png .svg .pdf .txt .html .eps .ps .jpg .gif .tex;
#      any other terminal writes @NAME@.<terminal>.  The interactive ones
#      (qt, wxt, x11, aqua, windows) open a window instead, which stays until
#      it is closed (a click in it, or q); sixelgd, domterm and the Tektronix
#      emulations draw in the text terminal.
if (!exists("term")) term = '@TERM@'
out = '@NAME@'
if (exists("ARG0") && strlen(ARG0) > 3) { if (ARG0[strlen(ARG0)-2:] eq '.gp') { out = ARG0[1:strlen(ARG0)-3] } }
term_has(t) = strstrt(' '.GPVAL_TERMINALS.' ', ' '.t.' ') > 0
# short names: png is pngcairo when this gnuplot has it (else libgd's png),
# pdf is pdfcairo, eps epscairo, html canvas, text and txt dumb
tname = term
if (tname eq 'png' && term_has('pngcairo')) { tname = 'pngcairo' }
if (tname eq 'pdf') { tname = 'pdfcairo' }
if (tname eq 'eps') { tname = 'epscairo' }
if (tname eq 'html') { tname = 'canvas' }
if (tname eq 'text' || tname eq 'txt') { tname = 'dumb' }
if (!term_has(tname)) {
    exit error "unknown term '".term."': this gnuplot has no such terminal (list them: gnuplot -e 'set terminal')"
}
ext = ''
interactive = 0
term_w = @WIDTH@; term_h = @HEIGHT@
if (tname eq 'pngcairo') { set terminal pngcairo size term_w,term_h noenhanced font 'Sans,10'; ext = 'png' }
if (tname eq 'png') { set terminal png size term_w,term_h noenhanced; ext = 'png' }
if (tname eq 'jpeg') { set terminal jpeg size term_w,term_h noenhanced; ext = 'jpg' }
if (tname eq 'gif') { set terminal gif size term_w,term_h noenhanced; ext = 'gif' }
if (tname eq 'svg') { set terminal svg size term_w,term_h dynamic noenhanced font 'Sans,10'; ext = 'svg' }
if (tname eq 'pdfcairo') { set terminal pdfcairo size term_w/100.0,term_h/100.0 noenhanced font 'Sans,9'; ext = 'pdf' }
if (tname eq 'epscairo') { set terminal epscairo size term_w/100.0,term_h/100.0 noenhanced font 'Sans,9'; ext = 'eps' }
if (tname eq 'postscript') { set terminal postscript color noenhanced size term_w/100.0,term_h/100.0 font 'Helvetica,9'; ext = 'ps' }
if (tname eq 'dumb') { set terminal dumb size 120,40 noenhanced; ext = 'txt' }
if (tname eq 'canvas') { set terminal canvas size term_w,term_h standalone noenhanced font 'Sans,10'; ext = 'html' }
if (tname eq 'emf') { set terminal emf size term_w,term_h noenhanced; ext = 'emf' }
if (strstrt(' cairolatex epslatex pslatex pstex pstricks pict2e texdraw tikz context lua mp mf ', ' '.tname.' ') > 0) {
    eval 'set terminal '.tname
    ext = (tname eq 'mp' || tname eq 'mf') ? tname : 'tex'
}
if (strstrt(' qt wxt x11 aqua windows ', ' '.tname.' ') > 0) {
    eval 'set terminal '.tname.' size '.term_w.','.term_h.' noenhanced'
    interactive = 1
}
if (strstrt(' sixelgd sixeltek domterm tek40xx tek410x vttek xterm kittycairo kittygd ', ' '.tname.' ') > 0) {
    eval 'set terminal '.tname
    interactive = -1
}
if (ext eq '' && interactive == 0) { eval 'set terminal '.tname; ext = tname }
if (ext ne '') { set output out.'.'.ext }
