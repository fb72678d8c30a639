"""Playing on several phones (issue 38): pairing them with no server."""
