"""The 3W6 roll-under system (seed document 003) with its campaign combat module: hit
zones, active defences, shock, crippling, knockdown and bleeding. The roll (`dice`),
the data (`tables`), the combat rules (`rules`) and their exact odds (`odds`). Its
name in scenarios and on the command line is "3w6"."""
