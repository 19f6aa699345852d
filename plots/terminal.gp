# ---- output: a file next to this script, named after it, by the terminal
#      '@TERM@'; choose another without editing: gnuplot -e "term='svg'" @NAME@.gp
#      (png, svg, pdf, or dumb for text)
if (!exists("term")) term = '@TERM@'
out = '@NAME@'
if (exists("ARG0") && strlen(ARG0) > 3) { if (ARG0[strlen(ARG0)-2:] eq '.gp') { out = ARG0[1:strlen(ARG0)-3] } }
if (term eq 'png') {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size @WIDTH@,@HEIGHT@ noenhanced font 'Sans,10'
    } else {
        set terminal png size @WIDTH@,@HEIGHT@ noenhanced
    }
    set output out.'.png'
} else { if (term eq 'svg') {
    set terminal svg size @WIDTH@,@HEIGHT@ dynamic noenhanced font 'Sans,10'
    set output out.'.svg'
} else { if (term eq 'pdf') {
    set terminal pdfcairo size @WIDTH@/100.0,@HEIGHT@/100.0 noenhanced font 'Sans,9'
    set output out.'.pdf'
} else { if (term eq 'dumb') {
    set terminal dumb size 120,40 noenhanced
    set output out.'.txt'
} else {
    print "unknown term '".term."': use png, svg, pdf or dumb"
    exit
} } } }
