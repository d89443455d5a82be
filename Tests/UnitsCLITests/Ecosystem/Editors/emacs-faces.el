;; Prints the face at chosen places of a journal in units-mode (batch).
(require 'units-mode)
(with-temp-buffer
  (insert "units 1\n2025-12-01 habit Чтение\n  icon: a;b\n  note: \"x ; y\"\n2025-12-02 Чтение 3 #книга ; a note\n")
  (units-mode)
  (font-lock-ensure)
  (dolist (probe '(("a;b" . 2) ("Чтение 3" . 0) ("; a note" . 2) ("#книга" . 1) ("x ; y" . 4)))
    (goto-char (point-min))
    (search-forward (car probe))
    (let ((pos (+ (match-beginning 0) (cdr probe))))
      (princ (format "%s => %s\n" (car probe) (get-text-property pos 'face))))))
