/**
 * A LangChain4j {@link dev.langchain4j.web.search.WebSearchEngine} over a dsh {@link
 * dev.dsh.api.web.WebService}: {@link dev.dsh.langchain4j.DshWebSearchEngine}.
 */
@NullMarked
package dev.dsh.langchain4j;

import org.jspecify.annotations.NullMarked;
