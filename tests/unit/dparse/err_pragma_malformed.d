#pragma D option
BEGIN {}
