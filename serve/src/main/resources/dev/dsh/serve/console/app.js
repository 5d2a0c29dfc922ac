// The console page: h-c3 writes it; this first version only marks the page as scripted.
document.documentElement.dataset.scripted = "true";
