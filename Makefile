# make install PREFIX=/usr/local   (DESTDIR is honoured for packaging)
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
BUILD = .build/release

.PHONY: all build install uninstall docs test

all: build

build:
	swift build -c release

install: build
	install -d $(BINDIR) $(MANDIR)/man1 $(MANDIR)/man5 $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BUILD)/units $(BUILD)/units-fmt $(BUILD)/units-lint $(BINDIR)/
	install -m 644 man/units.1 man/units-fmt.1 man/units-lint.1 $(MANDIR)/man1/
	install -m 644 man/units.5 $(MANDIR)/man5/
	install -m 644 completions/units.bash $(BASHDIR)/units
	ln -sf units $(BASHDIR)/units-fmt
	ln -sf units $(BASHDIR)/units-lint
	install -m 644 completions/_units $(ZSHDIR)/_units
	install -m 644 completions/units.fish completions/units-fmt.fish completions/units-lint.fish $(FISHDIR)/

uninstall:
	rm -f $(BINDIR)/units $(BINDIR)/units-fmt $(BINDIR)/units-lint
	rm -f $(MANDIR)/man1/units.1 $(MANDIR)/man1/units-fmt.1 $(MANDIR)/man1/units-lint.1 $(MANDIR)/man5/units.5
	rm -f $(BASHDIR)/units $(BASHDIR)/units-fmt $(BASHDIR)/units-lint $(ZSHDIR)/_units $(FISHDIR)/units.fish $(FISHDIR)/units-fmt.fish $(FISHDIR)/units-lint.fish

docs:
	scripts/generate-docs.sh

test:
	swift test
