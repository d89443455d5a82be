for l in range(2, line('$'))
  let out = []
  let last = ''
  for c in range(1, col([l, '$']) - 1)
    let n = synIDattr(synID(l, c, 1), 'name')
    if n != last | call add(out, c . ':' . n) | let last = n | endif
  endfor
  echo getline(l) . ' => ' . join(out, ' ')
endfor
