"""The EWS ±W6 system with its combat module FoKa (seed document 004): the roll
(`dice`), the data (`tables`), the combat rules (`rules`) and their exact odds
(`odds`)."""
