# make install PREFIX=/usr/local   (DESTDIR is honoured for packaging)
# make install PREFIX=/opt/homebrew  (macOS with Homebrew; or the formula,
#                                  Formula/units-journal.rb)
# make install NAME=habits         installs units as `habits` (completions and
#                                  man page follow the name), to live beside
#                                  GNU/BSD units, the unit converter.
PREFIX ?= /usr/local
NAME ?= units
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# bash-completion registers GNU units' completion (_longopt) for `units` at
# start-up, so a file in BASHDIR named `units` is never loaded; its compat
# directory is read after that registration, so ours goes there too. That
# is /etc/bash_completion.d for the system's bash-completion (PREFIX /usr or
# /usr/local); under any other prefix it is PREFIX/etc/bash_completion.d,
# the one Homebrew's bash-completion@2 reads (PREFIX=/opt/homebrew, or a
# formula's keg, which Homebrew links there).
ifeq ($(filter /usr /usr/local,$(PREFIX)),)
BASHCOMPATDIR ?= $(DESTDIR)$(PREFIX)/etc/bash_completion.d
else
BASHCOMPATDIR ?= $(DESTDIR)/etc/bash_completion.d
endif
BUILD = .build/release
# What the release binaries are built from: `make install` builds again when
# one of them is newer than the binaries, and only then (so `sudo make
# install` after `make` needs no Swift on root's PATH).
SOURCES := Package.swift $(shell find Sources -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) 2>/dev/null)
BINARIES = $(BUILD)/units $(BUILD)/units-fmt $(BUILD)/units-lint

.PHONY: all build install uninstall docs test

all: build

build:
	swift build -c release

$(BUILD)/units: $(SOURCES)
	@command -v swift >/dev/null 2>&1 || { echo "make install: the sources changed since $(BUILD) was built (or it was never built) and swift is not on PATH: run make first, as yourself, then make install"; exit 1; }
	swift build -c release
	@touch $(BINARIES)

install: $(BUILD)/units
	@other=$$(command -v $(NAME) 2>/dev/null || true); \
	if [ -n "$$other" ] && ! "$$other" --version </dev/null 2>/dev/null | grep -q 'journal format'; then \
		echo "make install: another $(NAME) is on your PATH: $$other ($$("$$other" --version </dev/null 2>&1 | head -1))."; \
		echo "  The first of $(BINDIR)/$(NAME) and $$other on PATH wins; to keep both, install as another name: make install NAME=habits"; \
	fi
	install -d $(BINDIR) $(MANDIR)/man1 $(MANDIR)/man5 $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BUILD)/units $(BINDIR)/$(NAME)
	install -m 755 $(BUILD)/units-fmt $(BUILD)/units-lint $(BINDIR)/
	install -m 644 man/units.1 $(MANDIR)/man1/$(NAME).1
	install -m 644 man/units-fmt.1 man/units-lint.1 $(MANDIR)/man1/
	install -m 644 man/units.5 $(MANDIR)/man5/
	$(BUILD)/units completions bash --name $(NAME) > $(BASHDIR)/$(NAME)
	ln -sf $(NAME) $(BASHDIR)/units-fmt
	ln -sf $(NAME) $(BASHDIR)/units-lint
	@if [ "$(NAME)" = units ]; then \
		if install -d $(BASHCOMPATDIR) 2>/dev/null && install -m 644 $(BASHDIR)/$(NAME) $(BASHCOMPATDIR)/$(NAME) 2>/dev/null; then \
			echo "make install: $(BASHCOMPATDIR)/$(NAME) loads the bash completion after bash-completion's own entry for GNU units (ours hands over to it when the units on PATH is GNU units)"; \
		else \
			echo "make install: could not write $(BASHCOMPATDIR): bash-completion's entry for GNU units wins in bash; add '. $(PREFIX)/share/bash-completion/completions/units' to ~/.bash_completion"; \
		fi; \
	fi
	$(BUILD)/units completions zsh --name $(NAME) > $(ZSHDIR)/_$(NAME)
	$(BUILD)/units completions fish units --name $(NAME) > $(FISHDIR)/$(NAME).fish
	install -m 644 completions/units-fmt.fish completions/units-lint.fish $(FISHDIR)/

uninstall:
	rm -f $(BINDIR)/$(NAME) $(BINDIR)/units-fmt $(BINDIR)/units-lint
	rm -f $(MANDIR)/man1/$(NAME).1 $(MANDIR)/man1/units-fmt.1 $(MANDIR)/man1/units-lint.1 $(MANDIR)/man5/units.5
	rm -f $(BASHDIR)/$(NAME) $(BASHDIR)/units-fmt $(BASHDIR)/units-lint $(ZSHDIR)/_$(NAME) $(FISHDIR)/$(NAME).fish $(FISHDIR)/units-fmt.fish $(FISHDIR)/units-lint.fish
	if [ "$(NAME)" = units ]; then rm -f $(BASHCOMPATDIR)/units; fi

docs:
	scripts/generate-docs.sh

test:
	swift test
