# make install PREFIX=/usr/local   (DESTDIR is honoured for packaging)
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
BUILD = .build/release

.PHONY: all build install uninstall docs test

all: build

build:
	swift build -c release

install: build
	@other=$$(command -v $(NAME) 2>/dev/null || true); \
	if [ -n "$$other" ] && ! "$$other" --version 2>/dev/null | grep -q 'journal format'; then \
		echo "make install: another $(NAME) is on your PATH: $$other ($$("$$other" --version 2>/dev/null | head -1))."; \
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
	$(BUILD)/units completions zsh --name $(NAME) > $(ZSHDIR)/_$(NAME)
	$(BUILD)/units completions fish units --name $(NAME) > $(FISHDIR)/$(NAME).fish
	install -m 644 completions/units-fmt.fish completions/units-lint.fish $(FISHDIR)/

uninstall:
	rm -f $(BINDIR)/$(NAME) $(BINDIR)/units-fmt $(BINDIR)/units-lint
	rm -f $(MANDIR)/man1/$(NAME).1 $(MANDIR)/man1/units-fmt.1 $(MANDIR)/man1/units-lint.1 $(MANDIR)/man5/units.5
	rm -f $(BASHDIR)/$(NAME) $(BASHDIR)/units-fmt $(BASHDIR)/units-lint $(ZSHDIR)/_$(NAME) $(FISHDIR)/$(NAME).fish $(FISHDIR)/units-fmt.fish $(FISHDIR)/units-lint.fish

docs:
	scripts/generate-docs.sh

test:
	swift test
