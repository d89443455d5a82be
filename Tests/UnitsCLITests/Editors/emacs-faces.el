;; Prints each line of the visited file with its faces as runs
;; "COLUMN:face" (1-based columns; "-" for no face), comments as
;; "comment", the way Tests/UnitsCLITests/Editors/syntax-groups.vim does
;; for Vim.  Run: emacs --batch -l units-mode.el -l emacs-faces.el FILE
(let ((file (car command-line-args-left)))
  (setq command-line-args-left nil)
  (with-temp-buffer
    (insert-file-contents file)
    (units-mode)
    (font-lock-ensure)
    (goto-char (point-min))
    (while (not (eobp))
      (let ((runs '()) (last nil) (column 1))
        (while (not (eolp))
          (let* ((face (get-text-property (point) 'face))
                 (name (cond ((nth 4 (syntax-ppss (point))) "comment")
                             ((eq face 'font-lock-comment-face) "comment")
                             ((eq face 'font-lock-comment-delimiter-face) "comment")
                             (face (format "%s" face))
                             (t "-"))))
            (unless (equal name last)
              (push (format "%d:%s" column name) runs)
              (setq last name)))
          (setq column (1+ column))
          (forward-char 1))
        (princ (format "%s => %s\n"
                       (buffer-substring (line-beginning-position) (line-end-position))
                       (mapconcat #'identity (nreverse runs) " "))))
      (forward-line 1))))
