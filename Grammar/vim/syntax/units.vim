" Vim syntax file
" Language: habits.units journal, format 1 (Grammar/units.ebnf)
" Install: copy syntax/ and ftdetect/ into ~/.vim (or a plugin directory).

if exists("b:current_syntax")
  finish
endif

let s:date = '\d\{4}[-/.]\d\{1,2}[-/.]\d\{1,2}'
" Any letter beyond ASCII (Чтение, 読書), not only Latin-1: [^\x00-\x7f].
let s:name = '\%([A-Za-z_]\|[^\x00-\x7f]\)\%([A-Za-z0-9_.\-]\|[^\x00-\x7f]\)*'

" Comments: whole lines starting with ; or #, and ; after white space.
syntax match unitsComment /^\s*[;#].*$/ contains=@Spell
syntax match unitsComment /\s\@<=;.*$/ contains=@Spell

" Directives.
syntax match unitsVersion /^units\ze\s/ nextgroup=unitsNumber skipwhite
syntax match unitsDirective /^\(option\|include\)\ze\s/ nextgroup=unitsOptionName,unitsString,unitsWord skipwhite
syntax match unitsOptionName /\(week-start\|day-start\|lint-disable\|remind-morning\|remind-evening\)\>/ contained nextgroup=unitsWord skipwhite

" Every dated line starts with a date at column 0.
execute 'syntax match unitsDate !^' . s:date . '\ze\s! nextgroup=unitsKeyword,unitsDeclaration,unitsHabitRef skipwhite'
syntax keyword unitsDeclaration habit group contained nextgroup=unitsHabitName skipwhite
syntax keyword unitsKeyword unit floor goal min task done drop pin unpin season archive unarchive pause contained nextgroup=unitsHabitRef,unitsString skipwhite
execute 'syntax match unitsHabitName /' . s:name . '/ contained'
execute 'syntax match unitsHabitRef /' . s:name . '/ contained nextgroup=unitsDateValue,unitsState,unitsNumber skipwhite'

" Values.
syntax keyword unitsState yes kinda no skip contained
syntax match unitsNumber /\s\@<=[+-]\=\d\+\(\.\d\+\)\=\(\/week\|\/month\)\=\>/
syntax match unitsString /"\(\\.\|[^"\\]\)*"/ contains=unitsEscape
syntax match unitsEscape /\\["\\]/ contained
syntax match unitsTag /\s\@<=#\%([A-Za-z0-9_.\-]\|[^\x00-\x7f]\)\+/
" A date after the line's own (a season's or pause's last day): defined after
" numbers, so that it wins over them where both match.
execute 'syntax match unitsDateValue !\s\@<=' . s:date . '\>!'
syntax match unitsEquals /\s\@<==\ze\s/
syntax match unitsWord /[^ \t;"]\+/ contained

" Attribute lines: indented `key: value` under a declaration.
syntax match unitsAttribute /^\s\+\(title\|unit\|size\|floor\|color\|icon\|note\|kind\|goal\|min\|every\|priority\|type\|group\|remind\)\ze:/ nextgroup=unitsColon
syntax match unitsColon /:/ contained

highlight default link unitsComment Comment
highlight default link unitsVersion PreProc
highlight default link unitsDirective PreProc
highlight default link unitsOptionName Identifier
highlight default link unitsDate Constant
highlight default link unitsDateValue Constant
highlight default link unitsDeclaration Statement
highlight default link unitsKeyword Keyword
highlight default link unitsHabitName Type
highlight default link unitsHabitRef Identifier
highlight default link unitsState Boolean
highlight default link unitsNumber Number
highlight default link unitsString String
highlight default link unitsEscape SpecialChar
highlight default link unitsTag Tag
highlight default link unitsEquals Operator
highlight default link unitsWord String
highlight default link unitsAttribute Label
highlight default link unitsColon Delimiter

let b:current_syntax = "units"
