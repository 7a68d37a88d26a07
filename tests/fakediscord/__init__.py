"""The offline Discord's own tests (the stand-in itself lives in ``fakediscord/``)."""
