" habits.units journals: see Grammar/format.md
autocmd BufRead,BufNewFile *.units setfiletype units
