;;; errata_e2e.el --- Emacs --batch + eglot end-to-end test of the errata server  -*- lexical-binding: t; -*-
;;
;; Tested with Debian 12's emacs-nox 28.2 + elpa-eglot 1.9 (and the eglot built into Emacs 29+).
;; Run (see tests/editors/test_eglot.py):
;;   emacs --batch -Q -l tests/editors/eglot/errata_e2e.el
;; Env:
;;   ERRATA_CMD        server command, JSON array
;;   ERRATA_PY_FILE    Python file to open (edited and saved)
;;   ERRATA_LOG_FILE   log file with a runtime error line (optional)
;;   ERRATA_TIMEOUT_S  per-step timeout (default 15)
;; Exit status 0 = every check passed.

(require 'package)
;; -Q leaves package-directory-list empty: point it at Debian's elpa-* packages
(setq package-directory-list '("/usr/share/emacs/site-lisp/elpa")
      package-user-dir (make-temp-file "errata-e2e-elpa" t))
(package-initialize)
(require 'json)
(require 'cl-lib)
(require 'eglot)
(require 'flymake)
(require 'python)

(defun errata-e2e--env (name &optional default)
  (let ((v (getenv name))) (if (or (null v) (string= v "")) default v)))

(defvar errata-e2e-cmd (append (json-read-from-string (or (errata-e2e--env "ERRATA_CMD") (error "set ERRATA_CMD"))) nil))
(defvar errata-e2e-py (or (errata-e2e--env "ERRATA_PY_FILE") (error "set ERRATA_PY_FILE")))
(defvar errata-e2e-log (errata-e2e--env "ERRATA_LOG_FILE"))
(defvar errata-e2e-timeout (string-to-number (errata-e2e--env "ERRATA_TIMEOUT_S" "15")))
(defvar errata-e2e-t0 (float-time))

(defun errata-e2e-log (fmt &rest args)
  (princ (format "[eglot-errata %6.0fms] %s\n" (* 1000 (- (float-time) errata-e2e-t0)) (apply #'format fmt args))
         #'external-debugging-output))

(defun errata-e2e-wait (what pred)
  "Spin the event loop until PRED returns non-nil; error after the timeout."
  (let ((deadline (+ (float-time) errata-e2e-timeout)) v)
    (while (and (not (setq v (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.02)
      ;; batch mode runs no command loop: drive what eglot/flymake/eldoc wait for
      (run-hooks 'post-command-hook))
    (or v (error "timed out waiting for %s" what))))

(define-derived-mode errata-log-mode fundamental-mode "errata-log"
  "Log files, as a major mode eglot can be told about.")

;; The README's configuration, with the command under test
(setq eglot-server-programs
      `(((python-mode :language-id "python") . ,errata-e2e-cmd)
        ((errata-log-mode :language-id "log") . ,errata-e2e-cmd)))
(setq-default eglot-workspace-configuration
              '(:errata (:severity (:LXF001 "warning"))))
(setq eglot-autoshutdown t
      eglot-sync-connect errata-e2e-timeout
      eglot-events-buffer-size 0
      flymake-start-on-flymake-mode t)

(defun errata-e2e-diags ()
  (seq-filter (lambda (d) (string-match-p "must be a set" (flymake-diagnostic-text d))) (flymake-diagnostics)))

(defun errata-e2e-open (file mode)
  (find-file file)
  (switch-to-buffer (current-buffer)) ; hover's eldoc callback needs the buffer in a window
  (unless (derived-mode-p mode) (funcall mode))
  (eglot-ensure)
  (run-hooks 'post-command-hook)
  (errata-e2e-wait "eglot to connect" (lambda () (and (eglot-current-server) eglot--managed-mode)))
  (flymake-start)
  (errata-e2e-wait "a flymake diagnostic" #'errata-e2e-diags)
  (car (errata-e2e-diags)))

(defun errata-e2e-hover-at (pos)
  (goto-char pos)
  (let (hover)
    (eglot-hover-eldoc-function (lambda (info &rest _) (setq hover (or info ""))))
    (errata-e2e-wait "hover" (lambda () hover))
    (substring-no-properties hover)))

(defvar errata-e2e-exit 1)
(condition-case err
    (progn
      (errata-e2e-log "emacs %s, eglot %s" emacs-version
                      (or (ignore-errors (package-desc-version (cadr (assq 'eglot package-alist)))) "built-in"))
      ;; 1. diagnostic
      (let* ((d (progn (errata-e2e-open errata-e2e-py 'python-mode)
                       ;; eglot-workspace-configuration reached the server: LXF001 is a warning
                       (errata-e2e-wait "the diagnostic to become a warning"
                                        (lambda () (seq-find (lambda (d) (eq (flymake-diagnostic-type d) 'eglot-warning))
                                                             (errata-e2e-diags))))))
             (beg (flymake-diagnostic-beg d))
             (end (flymake-diagnostic-end d))
             (text (flymake-diagnostic-text d)))
        (errata-e2e-log "diagnostic line %d: %s (%s)" (line-number-at-pos beg) text (flymake-diagnostic-type d))
        (unless (string-match-p (regexp-quote "`activation_checkpointing_policy` must be a set, found [Block]") text)
          (error "unexpected diagnostic %S" text))
        (unless (string= (buffer-substring-no-properties beg end) "[Block]")
          (error "diagnostic range covers %S" (buffer-substring-no-properties beg end)))
        ;; 2. hover
        (let ((hover (errata-e2e-hover-at (1+ beg))))
          (errata-e2e-log "hover: %s" (replace-regexp-in-string "\n" " | " (truncate-string-to-width hover 100)))
          (unless (and (string-match-p "must be a set" hover) (string-match-p "What it means" hover))
            (error "hover lacks 'must be a set' / 'What it means'")))
        ;; 3. code actions: listed, then the quick fix applied through eglot
        (let* ((actions (eglot-code-actions beg end nil))
               (titles (mapcar (lambda (a) (plist-get a :title)) actions)))
          (errata-e2e-log "code actions: %s" (mapconcat #'identity titles " | "))
          (unless (member "Convert list to set" titles) (error "no 'Convert list to set' action"))
          (unless (member "Disable LXF001 for this line" titles) (error "no 'Disable LXF001 for this line' action")))
        ;; interactive: eglot asks which action (a popup menu after a mouse event, else completing-read);
        ;; answer as a user at the keyboard would
        (let ((last-nonmenu-event ?\r))
          (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "Convert list to set")))
            (eglot-code-actions beg end "quickfix" t))))
      (let ((line (save-excursion (goto-char (point-min)) (re-search-forward "activation_checkpointing_policy=")
                                  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))
        (errata-e2e-log "line after fix: %s" line)
        (unless (and (string-match-p (regexp-quote "{Block}") line)
                     (not (string-match-p (regexp-quote "[Block]") line)))
          (error "quick fix not applied: %s" line)))
      (save-buffer)
      (errata-e2e-wait "the diagnostic to clear" (lambda () (null (errata-e2e-diags))))
      (errata-e2e-log "diagnostic cleared, file saved")
      ;; 4. errata.explain through workspace/executeCommand
      (let ((card (jsonrpc-request (eglot-current-server) :workspace/executeCommand
                                   `(:command "errata.explain"
                                     :arguments ["TypeError: `activation_checkpointing_policy` must be a set, found [<class 'Block'>]. You can try defining and passing `auto_wrapper_callable` instead."]))))
        (unless (and (stringp card) (string-match-p "must be a set" card))
          (error "errata.explain returned %S" card))
        (errata-e2e-log "explain: %s" (replace-regexp-in-string "\n" " | " (truncate-string-to-width card 80))))
      ;; 5. a log file
      (when errata-e2e-log
        (let* ((d (errata-e2e-open errata-e2e-log 'errata-log-mode))
               (hover (errata-e2e-hover-at (+ 12 (flymake-diagnostic-beg d)))))
          (errata-e2e-log "log diagnostic: %s" (flymake-diagnostic-text d))
          (unless (string-match-p "must be a set" hover) (error "log hover lacks 'must be a set'"))
          (errata-e2e-log "log hover ok")))
      (setq errata-e2e-exit 0)
      (errata-e2e-log "PASS"))
  (error (errata-e2e-log "FAIL: %s" (error-message-string err))))

(ignore-errors (eglot-shutdown-all))
(ignore-errors (delete-directory package-user-dir t))
(kill-emacs errata-e2e-exit)
