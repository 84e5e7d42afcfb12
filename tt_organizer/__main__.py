"""Entry point for ``python -m tt_organizer``."""

from tt_organizer.cli.main import main

if __name__ == "__main__":
    main()
