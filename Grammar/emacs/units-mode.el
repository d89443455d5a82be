;;; units-mode.el --- Major mode for habits.units journals -*- lexical-binding: t; -*-

;; Keywords: data, habits
;; Version: 1

;;; Commentary:

;; Font-lock for the habits.units journal format, version 1 (see
;; Grammar/units.ebnf and Grammar/format.md): comments, directives, dates,
;; declarations, keywords, habit names, numbers, states, strings, tags and
;; attribute keys.  Install: put this file on `load-path' and
;;   (require 'units-mode)

;;; Code:

(defconst units-mode--date "[0-9]\\{4\\}[-/.][0-9]\\{1,2\\}[-/.][0-9]\\{1,2\\}")
(defconst units-mode--name "[[:alpha:]_[:nonascii:]][[:alnum:]_.[:nonascii:]-]*")

(defconst units-mode-font-lock-keywords
  `(;; whole-line comments are handled by the syntax table below
    ("^\\(units\\)[ \t]+\\([0-9]+\\)"
     (1 font-lock-preprocessor-face) (2 font-lock-constant-face))
    ("^\\(option\\)[ \t]+\\([a-z-]+\\)"
     (1 font-lock-preprocessor-face) (2 font-lock-builtin-face))
    ("^\\(include\\)[ \t]" (1 font-lock-preprocessor-face))
    (,(concat "^\\(" units-mode--date "\\)[ \t]+\\(habit\\|group\\)[ \t]+\\(" units-mode--name "\\)")
     (1 font-lock-constant-face) (2 font-lock-keyword-face) (3 font-lock-type-face))
    (,(concat "^\\(" units-mode--date "\\)[ \t]+\\(unit\\|floor\\|goal\\|min\\|task\\|done\\|drop\\|pin\\|unpin\\|season\\|archive\\|unarchive\\|pause\\)\\_>")
     (1 font-lock-constant-face) (2 font-lock-keyword-face))
    (,(concat "^\\(" units-mode--date "\\)[ \t]+\\(" units-mode--name "\\)")
     (1 font-lock-constant-face) (2 font-lock-variable-name-face))
    (,(concat "[ \t]\\(" units-mode--date "\\)\\_>") (1 font-lock-constant-face))
    ("^[ \t]+\\(title\\|unit\\|size\\|floor\\|color\\|icon\\|note\\|kind\\|goal\\|min\\|every\\|priority\\|type\\|group\\|remind\\):"
     (1 font-lock-builtin-face))
    ("[ \t]\\(yes\\|kinda\\|no\\|skip\\)\\_>" (1 font-lock-constant-face))
    ("[ \t]\\(#[[:alnum:]_.[:nonascii:]-]+\\)" (1 font-lock-doc-face))
    ("[ \t]\\([+-]?[0-9]+\\(?:\\.[0-9]+\\)?\\(?:/week\\|/month\\)?\\)\\_>" (1 font-lock-constant-face))
    ("[ \t]\\(=\\)[ \t]" (1 font-lock-keyword-face)))
  "Font-lock rules for `units-mode'.")

(defvar units-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `;' starts a comment only at a line's start or after white space
    ;; (see `units-mode--syntax-propertize'): `a;b' in a value is text.
    (modify-syntax-entry ?\; "." table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?# "." table)
    (modify-syntax-entry ?- "_" table)
    (modify-syntax-entry ?. "_" table)
    table)
  "Syntax table for `units-mode': comments are found by `units-mode--syntax-propertize', strings use `\"'.")

(defun units-mode--syntax-propertize (start end)
  "Mark comments between START and END: a whole-line `#' or `;', and a
`;' after white space (an entry's note); never a `;' inside a word."
  (goto-char start)
  (funcall (syntax-propertize-rules
            ("^[ \t]*\\([#;]\\)" (1 "<"))
            ("[ \t]\\(;\\)" (1 "<")))
           start end))

;;;###autoload
(define-derived-mode units-mode text-mode "Units"
  "Major mode for editing habits.units journals."
  :syntax-table units-mode-syntax-table
  (setq-local comment-start "; ")
  (setq-local comment-start-skip ";+[ \t]*")
  (setq-local indent-tabs-mode nil)
  (setq-local syntax-propertize-function #'units-mode--syntax-propertize)
  (setq-local font-lock-defaults '(units-mode-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.units\\'" . units-mode))

(provide 'units-mode)
;;; units-mode.el ends here
